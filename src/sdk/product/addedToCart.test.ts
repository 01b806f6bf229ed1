import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { memoryStorage } from '../../testing/storage'
import { subscriptionAttachment } from '../cart/items'
import { ADDED_TO_CART_KEY, addedToCartState, readAddedProduct, saveAddedProduct, type AddedProduct } from './addedToCart'

const added: AddedProduct = {
  skuId: '1001',
  name: 'Crocchette Adult Pollo',
  variantName: '2 kg',
  slug: 'crocchette-adult-pollo',
  brand: 'Marca',
  image: { url: 'http://127.0.0.1:9100/images/1001/1.webp', alternateName: 'Crocchette' },
  unitPrice: 10,
  listPrice: 12,
  quantity: 2,
  subscription: null,
}

describe('the product just added to the cart', () => {
  it('is read back for the sku the page names, and only for it', () => {
    const storage = memoryStorage()
    saveAddedProduct(added, storage)
    expect(readAddedProduct('1001', storage)).toEqual(added)
    expect(readAddedProduct('2002', storage)).toBeNull()
    expect(readAddedProduct(null, storage)).toBeNull()
  })

  it('reads a damaged or older entry as nothing and removes it', () => {
    const storage = memoryStorage({ [ADDED_TO_CART_KEY]: JSON.stringify({ skuId: '1001', name: 'Crocchette' }) })
    expect(readAddedProduct('1001', storage)).toBeNull()
    expect(storage.data.has(ADDED_TO_CART_KEY)).toBe(false)
  })
})

describe('what /added-to-cart may say (req ROUTE-07)', () => {
  const cart = (...items: Cart['items']) => ({ id: 'of1', items, messages: [], shouldSplitItem: false })

  it('checks until the cart the browser kept has been read, whatever the address says', () => {
    expect(addedToCartState('1001', null, added)).toEqual({ status: 'checking' })
  })

  it('confirms the add only when the cart holds a line of the sku the address names', () => {
    expect(addedToCartState('1001', cart(cartItem({ sku: '1001', quantity: 2 })), added)).toEqual({ status: 'added', product: added })
    expect(addedToCartState('1001', cart(cartItem({ sku: '2002' })), added)).toEqual({ status: 'missing' })
    expect(addedToCartState('1001', cart(), added)).toEqual({ status: 'missing' })
    expect(addedToCartState(null, cart(cartItem({ sku: '1001' })), null)).toEqual({ status: 'missing' })
    expect(addedToCartState('9', cart(cartItem({ sku: '9', price: 0, isGift: true })), null)).toEqual({ status: 'missing' })
  })

  it('tells the product from the cart line when this tab kept no record of the add', () => {
    const line = cartItem({ sku: '1001', quantity: 3, price: 9 })
    line.itemOffered.additionalProperty = [subscriptionAttachment('1 mese')]
    expect(addedToCartState('1001', cart(line), null)).toEqual({
      status: 'added',
      product: {
        skuId: '1001',
        name: 'Prodotto 1001',
        variantName: '2 kg',
        slug: 'prodotto-1001',
        brand: 'Marca',
        image: line.itemOffered.image[0],
        unitPrice: 9,
        listPrice: 12,
        quantity: 3,
        subscription: '1 mese',
      },
    })
  })
})

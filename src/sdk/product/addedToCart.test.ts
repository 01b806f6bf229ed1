import { memoryStorage } from '../../testing/storage'
import { ADDED_TO_CART_KEY, readAddedProduct, saveAddedProduct, type AddedProduct } from './addedToCart'

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

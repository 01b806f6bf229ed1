import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { analyticsItem, beginCheckoutPayload, trackBeginCheckout, trackViewCart, viewCartOnOpen, viewCartPayload } from './events'

const kit = cartItem({ sku: '2', price: 30, listPrice: 30, isKit: true, index: 1 })
kit.itemOffered.stockKeepingUnit.isKit = true
const cart: Cart = {
  id: 'of1',
  items: [cartItem({ sku: '1', price: 10.99, listPrice: 12.5, quantity: 2 }), kit],
  messages: [],
  shouldSplitItem: false,
}

describe('cart analytics items', () => {

  it('adds the bundle fields to kit items only', () => {
    expect(analyticsItem(cart.items[0]!, 0)).not.toHaveProperty('is_bundle')
    expect(analyticsItem(kit, 1)).toMatchObject({ is_bundle: true, bundle_id: 'p2', bundle_name: 'Prodotto 2', bundle_sku: '2', item_variant: '2', price: 30, quantity: 1 })
  })
})

describe('view_cart', () => {
  beforeEach(() => {
    delete window.dataLayer
  })

  it('goes to the data layer with the cart value and its items', () => {
    trackViewCart(cart)
    expect(window.dataLayer).toEqual([{ event: 'view_cart', ...viewCartPayload(cart) }])
    expect(viewCartPayload(cart).ecommerce).toMatchObject({ currency: 'EUR', value: 51.98 })
    expect(viewCartPayload(cart).ecommerce.items[0]).toMatchObject({ item_id: 'p1', item_variant: '1', discount: 1.51, quantity: 2 })
  })

  it('is not sent for an empty cart', () => {
    trackViewCart({ ...cart, items: [] })
    expect(window.dataLayer).toBeUndefined()
  })

  it('is sent once per opening, even when the open minicart is mounted again by the next page', () => {
    const read = () => cart
    const panels = {}
    viewCartOnOpen(false, read, panels)
    viewCartOnOpen(true, read, panels)
    viewCartOnOpen(true, read, panels) // the page after /added-to-cart mounts the open minicart again
    expect(window.dataLayer?.filter((e) => e.event === 'view_cart')).toHaveLength(1)
    viewCartOnOpen(false, read, panels)
    viewCartOnOpen(true, read, panels)
    expect(window.dataLayer?.filter((e) => e.event === 'view_cart')).toHaveLength(2)
    viewCartOnOpen(true, read, {}) // another panel system (another root) has its own openings
    expect(window.dataLayer?.filter((e) => e.event === 'view_cart')).toHaveLength(3)
  })
})

describe('begin-checkout', () => {
  beforeEach(() => {
    delete window.dataLayer
  })

  it('carries userId, cartId, productId, sku, url, pageType and actionTrigger, with bundle fields for kits', () => {
    trackBeginCheckout({ cart, userId: 'c1', url: 'http://127.0.0.1:9000/cane/crocchette/p', actionTrigger: 'minicart' })
    const [event] = window.dataLayer!
    expect(event).toMatchObject({
      event: 'begin-checkout',
      userId: 'c1',
      cartId: 'of1',
      productId: 'p1,p2',
      sku: '1,2',
      url: 'http://127.0.0.1:9000/cane/crocchette/p',
      pageType: 'productDetail',
      actionTrigger: 'minicart',
    })
    expect((event!.items as unknown[])[1]).toMatchObject({ is_bundle: true })
  })

  it("pushes GA4's begin_checkout at once, before the checkout page replaces this one", () => {
    trackBeginCheckout({ cart, userId: 'c1', url: 'http://127.0.0.1:9000/', actionTrigger: 'minicart' })
    expect(window.dataLayer!.map((e) => e.event)).toEqual(['begin-checkout', 'begin_checkout'])
  })

  it('has a null userId for a guest and the page type of the page it starts from', () => {
    expect(beginCheckoutPayload({ cart, userId: null, url: 'http://x/', actionTrigger: 'minicart' })).toMatchObject({ userId: null, pageType: 'home' })
    expect(beginCheckoutPayload({ cart, userId: null, url: 'http://x/cane/cibo-secco', actionTrigger: 'minicart' }).pageType).toBe('productList')
    expect(beginCheckoutPayload({ cart, userId: null, url: 'http://x/s?q=pollo', actionTrigger: 'minicart' }).pageType).toBe('search')
  })
})

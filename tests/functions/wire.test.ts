/**
 * The browser's client against the real Functions and a real embedded
 * platform: every answer the Functions give parses with the schema of the
 * route table, so what the browser receives is what the wire promises.
 */
import { call as callFunction } from '../../src/sdk/core/client'
import { request } from '../../src/sdk/core/graphql'
import { defaultSession } from '../../src/config/session'
import { browser, call, cartRoutes, startHarness, type Harness } from './harness'

let h: Harness
let sku: string

const routes = {
  ...cartRoutes,
  'product/getLoyaltyMultiplier/:sku': () => import('../../src/api/product/getLoyaltyMultiplier/[sku]'),
  'userAccount/getIsVet': () => import('../../src/api/userAccount/getIsVet'),
  'search/results': () => import('../../src/api/search/results'),
  'search/suggestions': () => import('../../src/api/search/suggestions'),
}

/** The page's fetch: same-origin paths on the Functions' server, with the browser's cookies. */
const onSite: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers)
  if (browser.header()) headers.set('cookie', browser.header())
  const response = await fetch(`${h.siteUrl}${String(input)}`, { ...init, headers })
  browser.keep(response.headers.getSetCookie())
  return response
}
const options = () => ({ fetch: onSite })

beforeAll(async () => {
  h = await startHarness(routes)
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=50`)
  const products = catalog.json.items as { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[]
  sku = products.filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0).flatMap((p) => p.variants).find((v) => v.lowPrice > 0 && v.maxQuantity >= 3)!.sku
}, 120_000)

afterAll(async () => {
  await h?.close()
})

describe('the Functions answer what the route table promises', () => {
  it('cart Functions and ValidateCartMutation', async () => {
    const itemOffered = { sku, additionalProperty: [] }
    const added = await callFunction('checkout/addCartItem', { body: { orderFormId: '', newItem: { quantity: 1, itemOffered } } }, options())
    expect(added.items[0]?.itemOffered.sku).toBe(sku)
    const updated = await callFunction('checkout/updateCartItem', { body: { orderFormId: added.id, newItem: { quantity: 2, itemOffered } } }, options())
    expect(updated.items[0]?.quantity).toBe(2)
    await expect(callFunction('checkout/getCartInformation', { query: { orderFormId: added.id } }, options())).resolves.toEqual(updated)

    const line = updated.items[0]!
    const offer = { price: 0.01, listPrice: line.listPrice, quantity: 3, seller: line.seller, itemOffered: { sku, additionalProperty: [] } }
    const validated = await request('ValidateCartMutation', { cart: { order: { orderNumber: added.id, acceptedOffer: [offer] } } }, options())
    expect(validated.validateCart?.order.acceptedOffer[0]?.quantity).toBe(3)

    const removed = await callFunction('checkout/removeCartItem', { body: { orderFormId: added.id, newItem: { itemOffered } } }, options())
    expect(removed.items).toEqual([])
  })

  it('loyalty, vet, session, search and suggestions', async () => {
    await expect(callFunction('product/getLoyaltyMultiplier/[sku]', { params: { sku } }, options())).resolves.toMatch(/^sku-\d+$/)
    await expect(callFunction('userAccount/getIsVet', { body: { orderFormId: '' } }, options())).resolves.toEqual({ isVet: false })
    await expect(request('ValidateSession', { session: defaultSession, search: '' }, options())).resolves.toMatchObject({ validateSession: { person: null } })
    const results = await callFunction('search/results', { query: { q: 'cibo', sort: 'price_asc', page: '0' } }, options())
    expect(results.products.length).toBeGreaterThan(0)
    const suggestions = await callFunction('search/suggestions', { query: { q: 'cib' } }, options())
    expect(suggestions.terms.length).toBeGreaterThan(0)
  })
})

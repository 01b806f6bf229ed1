/**
 * Validation over both backends' carts: the embedded platform and VTEX (over
 * the simulator). Two tabs of one browser, starting from the same cart the
 * platform agreed with, each reconcile a cart with a line of their own at the
 * same moment, or one adds while the other reconciles: every line survives,
 * because each tab sets only the lines it changed. On VTEX a reconciliation
 * that changes lines costs two Checkout calls, the read and one change.
 */
import type { CartAdapter } from '../commerce/capabilities'
import { createEmbeddedCommerce } from '../commerce/embedded'
import { createVtexCommerce } from '../commerce/vtex'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from '../commerce/vtex/testing/simulator'
import type { Cart, LineInput, RequestContext } from '../domain/types'
import { toOffer } from '../sdk/cart/validate'
import { createTestPlatform } from '../../platform/testing/app'
import { validateCart, type ValidateCartInput } from './validateCart'

interface Backend {
  cart: CartAdapter
  skus: string[]
  /** The Checkout calls VTEX received so far, where the backend is VTEX. */
  checkoutCalls?: () => number
  close(): Promise<void>
}

async function embedded(): Promise<Backend> {
  const platform = await createTestPlatform(40)
  const rows = await platform.db.query<{ sku: string }>(
    `SELECT DISTINCT ON (p.position) v.sku FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND p.price_tiers = '[]'::jsonb AND v.max_quantity >= 5 ORDER BY p.position, v.sku LIMIT 4`,
  )
  return { cart: createEmbeddedCommerce({ baseUrl: platform.url }).cart, skus: rows.map((r) => r.sku), close: () => platform.close() }
}

async function vtex(): Promise<Backend> {
  const simulator: VtexSimulator = await startVtexSimulator({ products: 30 })
  const env = { VTEX_ACCOUNT: simulator.account, VTEX_API_URL: simulator.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }
  const skus = simulator.seed.products
    .filter((p) => p.listed && p.priceTiers.length === 0)
    .map((p) => p.variants[0]!)
    .filter((v) => v.lowPriceCents > 0 && v.maxQuantity >= 5)
    .map((v) => v.sku)
  return {
    cart: createVtexCommerce(env).cart,
    skus,
    checkoutCalls: () => simulator.received.filter((r) => r.path.startsWith('/api/checkout/')).length,
    close: async () => {
      await simulator.close()
      if (simulator.validator.counts.violations) throw new Error(`VTEX wire violations: ${JSON.stringify(simulator.validator.violations)}`)
    },
  }
}

const line = (sku: string, quantity = 1): LineInput => ({ sku, seller: '1', quantity, attachments: [] })
const paidLines = (cart: Cart) => cart.items.filter((i) => !i.isGift).map((i) => [i.itemOffered.sku, i.quantity]).sort()
const agreedOf = (cart: Cart) => cart.items.filter((i) => !i.isGift).map(({ quantity, seller, itemOffered }) => ({ quantity, seller, itemOffered: { sku: itemOffered.sku, additionalProperty: itemOffered.additionalProperty } }))
/** A tab's push: the agreed cart with `more` added, naming the lines it agreed on. */
const tabPush = (agreed: Cart, more: Cart['items']): ValidateCartInput => ({
  orderNumber: agreed.id,
  acceptedOffer: [...agreed.items.filter((i) => !i.isGift), ...more].map(toOffer),
  agreedOffer: agreedOf(agreed),
})

describe.each([
  ['the embedded platform', embedded],
  ['VTEX', vtex],
])('validation over %s', (name, make) => {
  let backend: Backend
  beforeAll(async () => {
    backend = await make()
  }, 60_000)
  afterAll(() => backend?.close())

  /** One browser's cart holding the first sku, as both its tabs last saw it. */
  async function agreedCart(browser: RequestContext): Promise<Cart> {
    const created = await backend.cart.create(browser)
    return backend.cart.addItem(created.id, line(backend.skus[0]!), browser)
  }
  /** The line of `sku` as a cart of the platform's shows it, from another browser's cart. */
  const itemOf = async (sku: string) => {
    const elsewhere: RequestContext = {}
    const probe = await backend.cart.create(elsewhere)
    return (await backend.cart.addItem(probe.id, line(sku), elsewhere)).items.find((i) => i.itemOffered.sku === sku)!
  }

  it('two tabs reconciling a line each at the same moment: both lines survive', async () => {
    const browser: RequestContext = {}
    const agreed = await agreedCart(browser)
    const [, a, b] = backend.skus as [string, string, string]
    const [x, y] = [await itemOf(a), await itemOf(b)]
    await Promise.all([validateCart(backend.cart, tabPush(agreed, [x]), browser), validateCart(backend.cart, tabPush(agreed, [y]), browser)])
    expect(paidLines(await backend.cart.get(agreed.id, browser))).toEqual([[backend.skus[0], 1], [a, 1], [b, 1]].sort())
    // One after the other, the second tab's answer holds the first tab's line.
    const again = await agreedCart(browser)
    await validateCart(backend.cart, tabPush(again, [x]), browser)
    const second = await validateCart(backend.cart, tabPush(again, [y]), browser)
    expect(paidLines(second!)).toEqual([[backend.skus[0], 1], [a, 1], [b, 1]].sort())
  })

  it('one tab adding while the other reconciles: both lines survive', async () => {
    const browser: RequestContext = {}
    const agreed = await agreedCart(browser)
    const [, a, b] = backend.skus as [string, string, string]
    const y = await itemOf(b)
    await Promise.all([backend.cart.addItem(agreed.id, line(a), browser), validateCart(backend.cart, tabPush(agreed, [y]), browser)])
    expect(paidLines(await backend.cart.get(agreed.id, browser))).toEqual([[backend.skus[0], 1], [a, 1], [b, 1]].sort())
  })

  ;(name === 'VTEX' ? it : it.skip)('reconciles a changed cart in two Checkout calls: the read and one change', async () => {
    const browser: RequestContext = {}
    const agreed = await agreedCart(browser)
    const y = await itemOf(backend.skus[2]!)
    const before = backend.checkoutCalls!()
    await validateCart(backend.cart, tabPush(agreed, [y]), browser)
    expect(backend.checkoutCalls!() - before).toBe(2)
  })
})

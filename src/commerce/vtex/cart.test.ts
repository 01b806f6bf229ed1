/**
 * What the cart costs on VTEX, counted over the simulator: each change reads
 * the order form once (as FastStore reads it, `refreshOutdatedData=true`),
 * which also proves it the browser's own, and makes one change call that
 * carries only what differs. An id the browser's cookie does not name is
 * still never changed unless it is the logged-in customer's.
 */
import { clampQuantity } from '../../sdk/cart/lineChanges'
import type { LineInput, RequestContext } from '../../domain/types'
import { createVtexClient, createVtexCommerce, vtexSettings } from '.'
import { vtexCart } from './cart'
import { vtexStores } from './stores'
import type { VtexCallOptions, VtexClient } from './client'
import { logIn } from './testing/login'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'

let vtex: VtexSimulator
let client: VtexClient
let login: () => Promise<RequestContext>
/** Every call the adapter made to VTEX: method, path with its query, and body. */
let made: { method: string; path: string; body?: unknown }[] = []

beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 30 })
  const env = { VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }
  const real = createVtexClient(vtexSettings(env))
  const { identity } = createVtexCommerce(env)
  login = () => logIn(vtex, identity.login!, vtex.seed.customers[0]!.email)
  client = {
    settings: real.settings,
    call: (path: string, options: VtexCallOptions = {}) => {
      made.push({ method: options.method ?? 'GET', path, body: options.body })
      return real.call(path, options)
    },
  }
}, 60_000)
afterAll(async () => {
  await vtex?.close()
  if (vtex?.validator.counts.violations) throw new Error(`VTEX wire violations: ${JSON.stringify(vtex.validator.violations)}`)
})

const skus = () =>
  vtex.seed.products
    .filter((p) => p.listed && p.priceTiers.length === 0)
    .flatMap((p) => p.variants.slice(0, 1))
    .filter((v) => v.lowPriceCents > 0 && v.maxQuantity >= 5)
    .map((v) => v.sku)
const line = (sku: string, quantity: number): LineInput => ({ sku, seller: '1', quantity, attachments: [] })
const checkoutCalls = () => made.filter((c) => c.path.startsWith('/api/checkout/'))
const lines = (cart: { items: { itemOffered: { sku: string }; quantity: number }[] }) => cart.items.map((i) => [i.itemOffered.sku, i.quantity])

/** A guest cart of a browser of its own holding `held`, and the calls made from here on. */
async function cartOf(held: LineInput[]): Promise<{ id: string; browser: RequestContext }> {
  const browser: RequestContext = {}
  const cart = vtexCart(client)
  const { id } = await cart.create(browser)
  if (held.length) await cart.replaceItems(id, held, browser)
  made = []
  return { id, browser }
}

describe('the cart’s calls to VTEX', () => {
  it('adds a line to the browser’s own order form in two Checkout calls: the read, with refreshOutdatedData, and the add of that line alone', async () => {
    const [a, b] = skus() as [string, string]
    const { id, browser } = await cartOf([line(a, 1)])
    const after = await vtexCart(client).addItem(id, line(b, 2), browser)
    expect(lines(after)).toEqual([[a, 1], [b, 2]])
    expect(checkoutCalls().map((c) => `${c.method} ${c.path}`)).toEqual([`GET /api/checkout/pub/orderForm/${id}?refreshOutdatedData=true`, `PATCH /api/checkout/pub/orderForm/${id}/items`])
    expect(checkoutCalls()[1]!.body).toEqual({ orderItems: [{ id: b, quantity: 2, seller: '1', attachments: [] }] })
    expect(vtex.received.filter((r) => r.path === `/api/checkout/pub/orderForm/${id}` && r.method === 'GET').at(-1)?.query).toMatchObject({ refreshOutdatedData: 'true', sc: '1' })
  })

  it('sets lines in one change call that carries only the lines that differ: adds without an index, changes and removals at theirs', async () => {
    const [a, b, c, d] = skus() as [string, string, string, string]
    const { id, browser } = await cartOf([line(a, 1), line(b, 2), line(c, 1)])
    const after = await vtexCart(client).setItems(id, [line(a, 1), line(b, 0), line(c, 3), line(d, 1)], browser)
    expect(lines(after)).toEqual([[a, 1], [c, 3], [d, 1]])
    expect(checkoutCalls().map((call) => call.method)).toEqual(['GET', 'PATCH'])
    expect(checkoutCalls()[1]!.body).toEqual({
      orderItems: [
        { index: 1, id: b, seller: '1', quantity: 0 },
        { index: 2, id: c, seller: '1', quantity: 3 },
        { id: d, quantity: 1, seller: '1', attachments: [] },
      ],
    })
  })

  it('replaces lines sending only the difference, and makes no change call when there is none', async () => {
    const [a, b, c] = skus() as [string, string, string]
    const { id, browser } = await cartOf([line(a, 1), line(b, 2)])
    const cart = vtexCart(client)
    expect(lines(await cart.replaceItems(id, [line(b, 2), line(c, 1)], browser))).toEqual([[b, 2], [c, 1]])
    expect(checkoutCalls()[1]!.body).toEqual({ orderItems: [{ id: c, quantity: 1, seller: '1', attachments: [] }, { index: 0, id: a, seller: '1', quantity: 0 }] })
    made = []
    await cart.replaceItems(id, [line(c, 1), line(b, 1), line(b, 1)], browser)
    expect(checkoutCalls().map((call) => call.method)).toEqual(['GET'])
  })

  it('takes a line Checkout split over two indexes (a promotion on part of its units) as the units asked, not as a line it capped', async () => {
    const [a] = skus()
    const { id, browser } = await cartOf([])
    // Checkout answers the change with the line in two parts, as it does when a promotion covers some units.
    const splitting: VtexClient = {
      settings: client.settings,
      async call(path, options = {}) {
        const answer = await client.call(path, options)
        if (options.method !== 'PATCH') return answer
        const body = answer.body as { items: { id: string; quantity: number }[] }
        const items = body.items.flatMap((item) => (item.id === a && item.quantity > 1 ? [{ ...item, quantity: item.quantity - 1 }, { ...item, quantity: 1 }] : [item]))
        return { ...answer, body: { ...body, items } }
      },
    }
    const cart = await vtexCart(splitting).addItem(id, line(a!, 3), browser)
    expect(cart.items.filter((item) => item.itemOffered.sku === a).map((item) => item.quantity)).toEqual([2, 1])
  })

  it('reads the order form for the pickup store as it does for a change, with refreshOutdatedData', async () => {
    const { id, browser } = await cartOf([line(skus()[0]!, 1)])
    const geography = { lookup: async () => null, reverse: async () => null } as unknown as Parameters<typeof vtexStores>[1]
    expect(await vtexStores(client, geography).pickupPoint(id, browser)).toBeNull()
    expect(checkoutCalls().map((c) => `${c.method} ${c.path}`)).toEqual([`GET /api/checkout/pub/orderForm/${id}?refreshOutdatedData=true`])
  })

  it('reads a logged-in customer’s cart from another device as the customer alone, and that read is the one the change needs: three Checkout calls, not four', async () => {
    const [a, b] = skus() as [string, string]
    const cart = vtexCart(client)
    const first = await login()
    const { id } = await cart.create(first)
    await cart.addItem(id, line(a, 1), first)
    const elsewhere = await login()
    made = []
    expect(lines(await cart.addItem(id, line(b, 1), elsewhere))).toEqual([[a, 1], [b, 1]])
    expect(checkoutCalls().map((call) => call.method)).toEqual(['GET', 'GET', 'PATCH'])
    expect(made.filter((call) => call.path.startsWith('/api/sessions'))).toHaveLength(1)
    // The reads carried none of the device's order-form cookies; the add did, and VTEX's answer bound the form to it.
    expect(elsewhere.issued?.some((c) => c.name === '__Host-checkout.vtex.com' && c.value === `__ofid=${id}`)).toBe(true)
    // Another browser, a guest, still never reaches it.
    await expect(cart.addItem(id, line(b, 1), {})).rejects.toMatchObject({ status: 403 })
    expect(vtex.orderForms.get(id)!.lines.map((l) => l.quantity)).toEqual([1, 1])
  })

  it('says a line’s maximum is unknown, which takes no cap in the stepper, rather than a maximum of zero units', async () => {
    const [a] = skus() as [string]
    const { id, browser } = await cartOf([line(a, 2)])
    const item = (await vtexCart(client).get(id, browser)).items[0]!
    expect(clampQuantity(item, 40)).toBe(40)
    expect(clampQuantity(item, 0)).toBe(1)
  })
})

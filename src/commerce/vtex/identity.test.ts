/**
 * The VTEX identity and stores adapters against a shopper who tries what is
 * not theirs, the guest-order lookup over the Orders API, where the app key
 * goes and where it never shows, and how configuration offers them.
 */
import { composeCommerce } from '../compose'
import { BACKENDS } from '../backends'
import type { Backend, StoresAdapter } from '../capabilities'
import { CommerceError } from '../errors'
import type { RequestContext } from '../../domain/types'
import { createVtexCommerce } from '.'
import { vtexCart } from './cart'
import { createVtexClient } from './client'
import { vtexSettings } from './settings'
import type { LookupCounter } from './lookups'
import { platformLookupCounter } from '../embedded'
import { browserOrderFormId } from './ownership'
import { OUTSIDE_ORDER_LOOKUPS } from '../../../platform/identity/lookup-attempts'
import { createTestPlatform, serve, type TestPlatform } from '../../../platform/testing/app'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'
import { logIn } from './testing/login'

let vtex: VtexSimulator
let env: NodeJS.ProcessEnv
const sent: { url: string; headers: Record<string, string>; body: string }[] = []
const logged: string[] = []
const answers: unknown[] = []

/** Every request the adapters send, as it leaves. */
const recording: typeof fetch = async (input, init) => {
  sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) }, body: String(init?.body ?? '') })
  return fetch(input, init)
}
const noGeography: StoresAdapter['geo'] = { lookup: () => Promise.reject(new Error('unused')), reverse: () => Promise.reject(new Error('unused')) }
const unused: LookupCounter = { charge: () => Promise.reject(new Error('unused')), takeBack: () => Promise.reject(new Error('unused')) }
const commerce = (lookups: LookupCounter = unused) => createVtexCommerce(env, { fetch: recording, geography: noGeography, lookups })
/** A customer logged in as a browser does it: out and back through the storefront (./testing/login.ts). */
const signIn = (email: string, browser?: RequestContext) => logIn(vtex, commerce().identity.login!, email, browser)
const keep = async <T>(promise: Promise<T>): Promise<T> => {
  try {
    const value = await promise
    answers.push(value)
    return value
  } catch (error) {
    answers.push(error instanceof CommerceError ? { ...error.toJSON(), message: error.message } : String(error))
    throw error
  }
}
const status = (promise: Promise<unknown>) => keep(promise).then(() => 200, (e: unknown) => (e instanceof CommerceError ? e.status : 500))

let mario: RequestContext
let luca: RequestContext
const [MARIO, GIULIA, LUCA] = ['mario.rossi@example.it', 'giulia.bianchi@example.it', 'luca.verdi@example.it']

beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 20 })
  env = { VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN, VTEX_TIMEOUT_MS: '2000' }
  for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const) jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
  mario = await signIn(MARIO)
  luca = await signIn(LUCA)
}, 60_000)
afterAll(async () => {
  jest.restoreAllMocks()
  await vtex?.close()
})

const sku = () => vtex.seed.products.find((p) => p.listed && p.variants[0]!.lowPriceCents > 0)!.variants[0]!.sku

describe('a customer acts only on what is theirs, known by the cookie alone', () => {
  it('cannot list, remove or learn another customer’s wishlist items', async () => {
    const { identity } = commerce()
    const item = await keep(identity.wishlist.add(sku(), mario))
    expect((await keep(identity.wishlist.list(luca))).map((i) => i.id)).not.toContain(item)
    expect(await keep(identity.wishlist.remove(item, luca))).toBe(false)
    // A filter smuggled in the id widens nothing: it is refused before it reaches Master Data.
    expect(await keep(identity.wishlist.remove(`${item}" OR customerId="${vtex.seed.customers[0]!.id}`, luca))).toBe(false)
    expect((await keep(identity.wishlist.list(mario))).map((i) => i.id)).toContain(item)
  })

  it('cannot read, take over or merge into another customer’s saved cart', async () => {
    const { cart, identity } = commerce()
    const saved = await keep(cart.create(mario))
    await keep(cart.addItem(saved.id, { sku: sku(), seller: '1', quantity: 1, attachments: [] }, mario))
    await keep(identity.sharedCart.save(saved.id, mario))
    expect(await keep(identity.sharedCart.saved(false, luca))).toBeNull()
    expect(await keep(identity.sharedCart.owner(saved.id, luca))).toEqual({ saved: true, customerId: null })
    expect(await status(identity.sharedCart.save(saved.id, luca))).toBe(403)
    const lucas = await keep(cart.create(luca))
    expect(await status(identity.sharedCart.merge(saved.id, lucas.id, luca))).toBe(403)
    expect((await keep(identity.sharedCart.saved(false, mario)))?.id).toBe(saved.id)
  })

  it('gives a customer their saved cart on a device whose cookies name another cart; the id alone gives it to no one else', async () => {
    const { cart, identity } = commerce()
    const line = { sku: sku(), seller: '1', quantity: 1, attachments: [] }
    const deviceA: RequestContext = await signIn(MARIO)
    const saved = await keep(cart.create(deviceA))
    await keep(cart.addItem(saved.id, line, deviceA))
    await keep(identity.sharedCart.save(saved.id, deviceA))
    const deviceB: RequestContext = await signIn(MARIO)
    const current = await keep(cart.create(deviceB))
    expect((await keep(identity.sharedCart.saved(false, deviceB)))?.id).toBe(saved.id)
    // Reading the saved cart leaves the device's cookie naming its current cart, the one a merge then names.
    expect(browserOrderFormId(deviceB)).toBe(current.id)
    expect((await keep(cart.get(saved.id, deviceB))).items.map((i) => i.quantity)).toEqual([1])
    expect(await status(cart.addItem(saved.id, line, await signIn(LUCA)))).toBe(403)
    expect(await status(cart.addItem(saved.id, line, {}))).toBe(403)
    const guest: RequestContext = {}
    const guestCart = await keep(cart.create(guest))
    expect(await status(cart.addItem(guestCart.id, line, deviceB))).toBe(404)
    expect(vtex.orderForms.get(saved.id)!.lines.map((l) => l.quantity)).toEqual([1])
    expect(vtex.orderForms.get(guestCart.id)!.lines).toEqual([])
  })

  it('refuses to merge a subscription line into the saved cart rather than turn it into a one-off purchase', async () => {
    const { cart, identity } = commerce()
    const giulia = await signIn(GIULIA)
    const saved = await keep(cart.create(giulia))
    await keep(identity.sharedCart.save(saved.id, giulia))
    const current = await keep(cart.create(giulia))
    await keep(cart.addItem(current.id, { sku: sku(), seller: '1', quantity: 1, attachments: [] }, giulia))
    // The line as Checkout holds a subscription: its plan as an item attachment.
    vtex.orderForms.get(current.id)!.lines[0]!.attachments = [{ name: 'vtex.subscription.mensile', content: { 'vtex.subscription.key.frequency': '1 month' } }]
    expect(await status(identity.sharedCart.merge(saved.id, current.id, giulia))).toBe(422)
    expect((await keep(cart.get(saved.id, giulia))).items).toEqual([])
    expect((await keep(cart.get(current.id, giulia))).items).toHaveLength(1)
  })

  it('says a cart a customer owns is theirs, saved or not, and asking never binds a guest cart to the caller', async () => {
    const { cart, identity } = commerce()
    const owned = await keep(cart.create(mario))
    const marioId = vtex.seed.customers.find((c) => c.email === MARIO)!.id
    expect(await keep(identity.sharedCart.owner(owned.id, mario))).toEqual({ saved: true, customerId: marioId })
    expect(await keep(identity.sharedCart.owner(owned.id, luca))).toEqual({ saved: true, customerId: null })
    expect(await keep(identity.sharedCart.owner(owned.id, {}))).toEqual({ saved: true, customerId: null })
    const browser: RequestContext = {}
    const guestCart = await keep(cart.create(browser))
    const loggedIn = await signIn(LUCA, browser)
    expect(await keep(identity.sharedCart.owner(guestCart.id, loggedIn))).toEqual({ saved: false, customerId: null })
    expect(vtex.orderForms.get(guestCart.id)!.userProfileId).toBeNull()
  })

  it('cannot change another customer’s favourite store', async () => {
    const { stores } = commerce()
    const [first, second] = vtex.seed.stores
    await keep(stores.saveFavourite(first!.id, mario))
    await keep(stores.saveFavourite(second!.id, luca))
    expect((await keep(stores.favourite(mario)))?.id).toBe(first!.id)
    expect((await keep(stores.favourite(luca)))?.id).toBe(second!.id)
  })

  it('treats a forged or foreign VTEX ID cookie as a guest', async () => {
    const { identity, stores } = commerce()
    for (const cookie of [`VtexIdclientAutCookie_${vtex.account}=forged`, `VtexIdclientAutCookie_otheraccount=${vtex.authCookieFor(MARIO).split('=')[1]}`]) {
      expect(await keep(identity.session.person({ cookie }))).toBeNull()
      expect(await status(identity.wishlist.list({ cookie }))).toBe(401)
      expect(await status(stores.favourite({ cookie }))).toBe(401)
    }
  })

  it('filters every Master Data read by the id the session gave', () => {
    const searches = sent.filter((r) => r.url.includes('/api/dataentities/') && r.url.includes('/search?'))
    expect(searches.length).toBeGreaterThan(0)
    const ids = vtex.seed.customers.map((c) => `customerId="${c.id}"`)
    for (const search of searches) {
      const clauses = (new URL(search.url).searchParams.get('_where') ?? '').split(' AND ')
      const customers = clauses.filter((c) => c.startsWith('customerId='))
      // Each names exactly one customer of the store, or (the saved cart's owner question) an order form alone.
      expect(customers.length === 1 ? ids.includes(customers[0]!) : clauses.length === 1 && clauses[0]!.startsWith('orderFormId="')).toBe(true)
    }
  })
})

describe('wishlist in Master Data', () => {
  it('lists a wishlist longer than one page of Master Data whole', async () => {
    const { identity } = commerce()
    const giulia = await signIn(GIULIA)
    const customerId = vtex.seed.customers.find((c) => c.email === GIULIA)!.id
    const wishlist = vtex.documents.get('wishlist')!
    for (let i = 0; i < 150; i++) wishlist.set(`long-${i}`, { id: `long-${i}`, accountId: 'a', accountName: vtex.account, dataEntityId: 'wishlist', customerId, sku: `9${i}`, productId: '1000' })
    expect((await keep(identity.wishlist.list(giulia))).filter((item) => item.id.startsWith('long-'))).toHaveLength(150)
  })
})

describe('profile from Profile System and Master Data', () => {
  it('answers the vet flag, the loyalty card and the addresses, residential first', async () => {
    const { identity } = commerce()
    const giulia = await signIn(GIULIA)
    const seedGiulia = vtex.seed.customers.find((c) => c.email === GIULIA)!
    expect(await keep(identity.session.profile(giulia))).toEqual({ bkId: seedGiulia.bkId, arcacard: seedGiulia.arcacard, profilingConsent: seedGiulia.profilingConsent, isVet: true })
    expect((await keep(identity.session.addresses(mario))).map((a) => a.addressType)).toEqual(['residential', 'commercial'])
    expect(await keep(identity.session.addresses(luca))).toEqual([{ addressType: 'residential', country: 'CHE', postalCode: '6900' }])
  })
})

describe('guest order lookup over the Orders API', () => {
  // Two storefront servers' adapters, each counting at its own platform process, both over one database.
  let platform: TestPlatform
  let second: TestPlatform
  let one: ReturnType<typeof commerce>
  let two: ReturnType<typeof commerce>
  beforeAll(async () => {
    platform = await createTestPlatform(2)
    second = await serve(platform.db, null)
    one = commerce(platformLookupCounter(platform.url))
    two = commerce(platformLookupCounter(second.url))
  }, 60_000)
  afterAll(async () => {
    await second?.close()
    await platform?.close()
  })
  const placedOrder = async () => {
    const browser: RequestContext = {}
    const form = await keep(one.cart.create(browser))
    await keep(one.cart.addItem(form.id, { sku: sku(), seller: '1', quantity: 2, attachments: [] }, browser))
    return vtex.placeOrder(form.id, 'ospite@example.it')
  }

  it('finds a placed order by its number and email, and nothing for a wrong pair or an unpaid order', async () => {
    const { cart, identity } = one
    const browser: RequestContext = {}
    const orderId = await placedOrder()
    const ctx = { clientAddress: '203.0.113.7' }
    const order = await keep(identity.orders.findPlaced(orderId, ' OSPITE@example.it', ctx))
    expect(order).toMatchObject({ orderNumber: orderId, status: 'placed', items: [{ quantity: 2, itemOffered: { sku: sku() } }] })
    expect(order.total).toBe(order.items[0]!.price * 2)
    expect(await status(identity.orders.findPlaced(orderId, 'altro@example.it', ctx))).toBe(404)
    expect(await status(identity.orders.findPlaced('999-01', 'ospite@example.it', ctx))).toBe(404)
    const unpaid = await keep(cart.create(browser))
    await keep(cart.addItem(unpaid.id, { sku: sku(), seller: '1', quantity: 1, attachments: [] }, browser))
    expect(await status(identity.orders.findPlaced(vtex.placeOrder(unpaid.id, 'ospite@example.it', 'payment-pending'), 'ospite@example.it', ctx))).toBe(404)
  })

  it('counts an address’s failures across storefront servers: failures on one server count on the other, 5 in 15 minutes, then 429 with the wait', async () => {
    const ctx = { clientAddress: '198.51.100.9' }
    expect(OUTSIDE_ORDER_LOOKUPS).toEqual({ allowed: 5, windowSeconds: 15 * 60 })
    for (const server of [one, two, one, two]) expect(await status(server.identity.orders.findPlaced('123-01', 'x@example.it', ctx))).toBe(404)
    // A lookup that finds its order takes its own charge back, wherever it was made.
    const orderId = await placedOrder()
    expect((await keep(two.identity.orders.findPlaced(orderId, 'ospite@example.it', ctx))).orderNumber).toBe(orderId)
    expect(await status(two.identity.orders.findPlaced('123-01', 'x@example.it', ctx))).toBe(404)
    for (const server of [one, two]) {
      const refused = await server.identity.orders.findPlaced(orderId, 'ospite@example.it', ctx).catch((e: unknown) => e as CommerceError)
      expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' })
      expect((refused as CommerceError).retryAfterSeconds).toBeGreaterThan(14 * 60)
      expect((refused as CommerceError).retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
    }
    // Another address is not held up.
    expect(await status(one.identity.orders.findPlaced('123-01', 'x@example.it', { clientAddress: '198.51.100.10' }))).toBe(404)
    // Once the oldest failure is 15 minutes old it leaves the count, and one more try is allowed.
    const [oldest] = await platform.db.query<{ key: string }>(`SELECT key FROM attempt_failures WHERE key LIKE 'lookup:198.51.100.9:%' ORDER BY empty_at LIMIT 1`)
    await platform.db.query(`UPDATE attempt_failures SET empty_at = now() - interval '1 second' WHERE key = $1`, [oldest!.key])
    expect(await status(two.identity.orders.findPlaced('123-01', 'x@example.it', ctx))).toBe(404)
    expect(await status(one.identity.orders.findPlaced('123-01', 'x@example.it', ctx))).toBe(429)
  })

  it('refuses the lookup when the count cannot be kept: no platform, no lookup', async () => {
    const closed = commerce(platformLookupCounter('http://127.0.0.1:9', 1000))
    const before = vtex.received.length
    expect(await status(closed.identity.orders.findPlaced('123-01', 'x@example.it', { clientAddress: '198.51.100.11' }))).toBe(503)
    expect(vtex.received.slice(before).some((r) => r.path.startsWith('/api/oms/'))).toBe(false)
  })
})

describe('faults', () => {
  it('turns VTEX’s 5xx behind identity and stores into the embedded backend’s 502, and retries a 429', async () => {
    const { identity, stores } = commerce()
    vtex.faults.push({ status: 500, pathContains: '/api/sessions' })
    expect(await keep(identity.session.person(mario)).catch((e: unknown) => e)).toMatchObject({ status: 502, code: 'backend_error' })
    vtex.faults.push({ status: 503, pathContains: '/api/dataentities/' })
    expect(await keep(identity.wishlist.list(mario)).catch((e: unknown) => e)).toMatchObject({ status: 502, code: 'backend_error' })
    vtex.faults.push({ status: 429, retryAfter: 0, pathContains: '/pickuppoints' })
    expect((await keep(stores.byId(vtex.seed.stores[0]!.id))).id).toBe(vtex.seed.stores[0]!.id)
  })
})

describe('the app key', () => {
  it('goes only to VTEX’s private APIs, and never into an answer, an error or a log line', () => {
    const privateApi = (url: string) => /\/pvt\/|\/api\/dataentities\/|\/api\/storage\/profile-system\//.test(new URL(url).pathname)
    const withToken = sent.filter((r) => r.headers['x-vtex-api-apptoken'] !== undefined)
    expect(withToken.length).toBeGreaterThan(0)
    expect(withToken.filter((r) => !privateApi(r.url)).map((r) => r.url)).toEqual([])
    // Sessions, checkout and postal codes are the shopper's own calls: they carry the cookie, not the key.
    expect(sent.filter((r) => /\/api\/sessions|\/api\/checkout\/pub\//.test(r.url) && r.headers['x-vtex-api-appkey'] !== undefined)).toEqual([])
    const everything = JSON.stringify(answers) + logged.join('\n')
    expect(answers.length).toBeGreaterThan(20)
    expect(everything).not.toContain(SIMULATOR_APP_TOKEN)
    expect(everything).not.toContain(SIMULATOR_APP_KEY)
    expect(vtex.validator.violations).toEqual([])
  })
})

describe('the vtex backend in configuration', () => {
  const base = () => ({ ...env, COMMERCE: 'vtex' })
  it('serves identity and stores beside the VTEX cart, and leaves loyalty to the embedded platform', () => {
    // The VTEX cart is offered once it passes the cart suite; configuration with it composes identity and stores over VTEX.
    const withCart: Record<string, Backend> = { ...BACKENDS, vtex: { ...BACKENDS.vtex, cart: (e) => vtexCart(createVtexClient(vtexSettings(e))) } }
    const composed = composeCommerce({ ...base(), COMMERCE_LOYALTY: 'embedded' }, withCart)
    expect(Object.keys(composed.identity)).toEqual(['login', 'session', 'sharedCart', 'wishlist', 'orders'])
    expect(typeof composed.stores.near).toBe('function')
    expect(() => composeCommerce(base(), withCart)).toThrow('COMMERCE=vtex: the vtex backend does not serve the loyalty; backends that do: embedded')
    expect(BACKENDS.vtex!.loyalty).toBeUndefined()
  })

  it('refuses identity or stores on VTEX beside another backend’s cart, naming what to set', () => {
    const env2 = { ...base(), COMMERCE_CART: 'embedded', COMMERCE_LOYALTY: 'embedded' }
    expect(() => composeCommerce(env2, BACKENDS)).toThrow('COMMERCE_IDENTITY=vtex needs the cart on VTEX too')
    expect(() => composeCommerce({ ...env2, COMMERCE_IDENTITY: 'embedded' }, BACKENDS)).toThrow('COMMERCE_STORES=vtex needs the cart on VTEX too')
    expect(() => composeCommerce({ ...env2, COMMERCE_IDENTITY: 'embedded', COMMERCE_STORES: 'embedded' }, BACKENDS)).not.toThrow()
  })
})

/**
 * Property-based fuzzing of the wire: generated requests to every Function
 * (run as the production server, serve/app.ts, runs them) and every JSON route of the platform,
 * mutated from a valid request with hostile values, keys, raw bodies,
 * content types and methods. Every answer must be a JSON 4xx or a valid
 * success, within a time limit, and no refused request may change the
 * platform's data. FUZZ_RUNS (requests per route, default 160) scales it;
 * FUZZ_SEED picks the draw (see seedOf).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { newGuestKey } from '../../platform/cart/guest-key'
import { PLATFORM_CART_COOKIE, PLATFORM_SESSION_COOKIE } from '../../platform/wire'
import { call as platformCall, createTestPlatform, login, TEST_ADMIN_TOKEN, type TestPlatform } from '../../platform/testing/app'
import { buildServer } from '../../serve/app'
import type { LoadedFunction } from '../../serve/functions'
import { anyMethod, contentType, hostileString, mutate, mutations, rawBody, type Mutation } from './arbitraries'
import { functionTargets, platformTargets, type Fixture, type Target } from './targets'

const RUNS = Number(process.env.FUZZ_RUNS || 160)
const REQUEST_TIMEOUT_MS = 15_000
const SHOPPER = 'mario.rossi@example.it'

type FunctionModule = { default: ReturnType<LoadedFunction['load']> }

/** Every Function of src/api, by its route in Gatsby's syntax. */
const functionModules: Record<string, () => Promise<unknown>> = {
  'checkout/getCartInformation': () => import('../../src/api/checkout/getCartInformation'),
  'checkout/addCartItem': () => import('../../src/api/checkout/addCartItem'),
  'checkout/updateCartItem': () => import('../../src/api/checkout/updateCartItem'),
  'checkout/removeCartItem': () => import('../../src/api/checkout/removeCartItem'),
  'product/getLoyaltyMultiplier/:sku': () => import('../../src/api/product/getLoyaltyMultiplier/[sku]'),
  'search/results': () => import('../../src/api/search/results'),
  'search/suggestions': () => import('../../src/api/search/suggestions'),
  'userAccount/getIsVet': () => import('../../src/api/userAccount/getIsVet'),
  'userAccount/getBkid': () => import('../../src/api/userAccount/getBkid'),
  'store/getSellerIdByStoreId': () => import('../../src/api/store/getSellerIdByStoreId'),
  'store/getStoreList': () => import('../../src/api/store/getStoreList'),
  'store/getFavouriteStore': () => import('../../src/api/store/getFavouriteStore'),
  'store/getStoreDetails': () => import('../../src/api/store/getStoreDetails'),
  'store/getStoreListByProducts': () => import('../../src/api/store/getStoreListByProducts'),
  'store/getStoreListBySellerAccount': () => import('../../src/api/store/getStoreListBySellerAccount'),
  'store/getPickupPointById': () => import('../../src/api/store/getPickupPointById'),
  'store/setShippingData': () => import('../../src/api/store/setShippingData'),
  'store/saveFavouriteStore': () => import('../../src/api/store/saveFavouriteStore'),
  'store/getUserPostalCode': () => import('../../src/api/store/getUserPostalCode'),
  'store/getPostalCode': () => import('../../src/api/store/getPostalCode'),
  'sharedCart/getSharedCustomer': () => import('../../src/api/sharedCart/getSharedCustomer'),
  'sharedCart/getSharedCart': () => import('../../src/api/sharedCart/getSharedCart'),
  'sharedCart/saveSharedCart': () => import('../../src/api/sharedCart/saveSharedCart'),
  'sharedCart/mergeSharedCart': () => import('../../src/api/sharedCart/mergeSharedCart'),
  'wishlist/getWishlist': () => import('../../src/api/wishlist/getWishlist'),
  'wishlist/addProduct': () => import('../../src/api/wishlist/addProduct'),
  'wishlist/removeProduct': () => import('../../src/api/wishlist/removeProduct'),
  'order/getGuestOrder': () => import('../../src/api/order/getGuestOrder'),
  graphql: () => import('../../src/api/graphql'),
}

let platform: TestPlatform
let server: FastifyInstance
let siteDir: string
let functions: { url: string }
let fx: Fixture
let cookie: string

const totals = { requests: 0, byClass: {} as Record<string, number>, hangs: 0, startedAt: Date.now() }
const problems: string[] = []

/**
 * The data a refused request must leave alone: order forms and their lines,
 * saved carts, wishlists, favourite stores, customers, addresses and prices.
 * Sessions and login failures are left out: counting a failed login is the
 * point of refusing it.
 */
const DATA_TABLES = ['order_forms', 'order_form_lines', 'saved_carts', 'wishlist_items', 'favourite_stores', 'customers', 'customer_addresses', 'variants']

async function dataDigest(): Promise<string> {
  const columns = DATA_TABLES.map((table) => `(SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM ${table} t) AS ${table}`)
  const [row] = await platform.db.query<Record<string, string>>(`SELECT ${columns.join(', ')}`)
  return JSON.stringify(row)
}

/** One generated request, before it is written down. */
interface Draft {
  bodyMutations: Mutation[] | null
  queryMutations: Mutation[] | null
  /** A path parameter: text to encode, or a segment sent as it is (malformed percent-encoding). */
  param: { text: string } | { raw: string } | null
  raw: string | null
  contentType: string | undefined | null
  method: string | null
  withCookie: boolean
  /** For a guest-cart target: which cart key the request carries. */
  binding: Binding
  dropHeaders: boolean
}

/**
 * The cart key a guest-cart request carries: the guest's own, or what another
 * browser or a forger would send: none, another browser's, a malformed or
 * empty one, an overlong one, the guest's behind another, a session instead.
 */
type Binding = 'held' | 'missing' | 'another' | 'malformed' | 'empty' | 'long' | 'doubled' | 'session'
const BINDINGS: fc.Arbitrary<Binding> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Binding>('held') },
  { weight: 1, arbitrary: fc.constantFrom<Binding>('missing', 'another', 'malformed', 'empty', 'long', 'doubled', 'session') },
)
/** A key of the right shape that no order form is bound to. */
const ANOTHER_KEY = newGuestKey()

/** The Cookie header of a guest-cart request, or undefined for none. */
function guestCookie(binding: Binding): string | undefined {
  const key = (value: string) => `${PLATFORM_CART_COOKIE}=${value}`
  switch (binding) {
    case 'held':
      return key(fx.guestKey)
    case 'missing':
      return undefined
    case 'another':
      return key(ANOTHER_KEY)
    case 'malformed':
      return key(`${fx.guestKey.slice(1)}!`)
    case 'empty':
      return key('')
    case 'long':
      return key(fx.guestKey.repeat(200))
    case 'doubled':
      return `${key(ANOTHER_KEY)}; ${key(fx.guestKey)}`
    case 'session':
      return cookie
  }
}

const RAW_SEGMENTS = fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%C0%AE%C0%AE', '%ED%A0%80', '%00', '..', '%2e%2e%2f%2e%2e', '%FF%FE', 'a%2Fb')

const sometimes = <T>(arb: fc.Arbitrary<T>, weight: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight, arbitrary: arb }, { weight: 10 - weight, arbitrary: fc.constant(null) })

function drafts(target: Target): fc.Arbitrary<Draft> {
  return fc.record({
    bodyMutations: target.body !== undefined ? sometimes(mutations(target.body), 6) : fc.constant(null),
    queryMutations: target.query !== undefined ? sometimes(mutations(target.query), target.body === undefined ? 8 : 2) : fc.constant(null),
    param: target.params ? sometimes(fc.oneof({ weight: 4, arbitrary: hostileString.map((text) => ({ text })) }, { weight: 1, arbitrary: RAW_SEGMENTS.map((raw) => ({ raw })) }), 5) : fc.constant(null),
    raw: sometimes(rawBody, target.body !== undefined ? 2 : 1),
    contentType: sometimes(contentType, 2),
    method: sometimes(anyMethod, 1),
    withCookie: fc.boolean(),
    binding: target.guestCart ? BINDINGS : fc.constant<Binding>('held'),
    dropHeaders: fc.boolean(),
  })
}

/** A query object as a query string, nested values written the way `qs` reads them back. */
function queryString(query: unknown): string {
  const params = new URLSearchParams()
  const put = (key: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((v) => put(key, v))
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) put(`${key}[${k}]`, v)
    else if (value !== undefined) params.append(key, String(value))
  }
  if (query !== null && typeof query === 'object' && !Array.isArray(query)) for (const [k, v] of Object.entries(query)) put(k, v)
  else put('q', query)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * A path segment percent-encoded; a lone surrogate, which has no UTF-8 form,
 * goes as the three bytes a careless encoder writes for it (invalid UTF-8).
 */
function encodeSegment(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (char) => {
    const code = char.charCodeAt(0)
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    }
    return encodeURIComponent(char)
  })
}

interface Built {
  method: string
  url: string
  headers: Record<string, string>
  body: string | undefined
}

function build(target: Target, draft: Draft): Built {
  const base = target.side === 'functions' ? functions.url : platform.url
  const param = draft.param
  const address = target.path.replace(/:(\w+)/g, (_, key: string) => {
    if (param === null) return encodeSegment(target.params?.[key] ?? '')
    return 'raw' in param ? param.raw : encodeSegment(param.text)
  })
  const query = draft.queryMutations ? draft.queryMutations.reduce<unknown>((q, m) => mutate(q, m), target.query) : target.query
  const method = draft.method ?? target.method
  const headers: Record<string, string> = { accept: 'application/json', ...(draft.dropHeaders ? {} : target.headers) }
  if (target.guestCart) {
    const sent = guestCookie(draft.binding)
    if (sent !== undefined) headers.cookie = sent
  } else if (target.cookie && draft.withCookie) headers.cookie = cookie
  let body: string | undefined
  if (draft.raw !== null) body = draft.raw
  else if (target.body !== undefined) {
    const value = draft.bodyMutations ? draft.bodyMutations.reduce<unknown>((b, m) => mutate(b, m), target.body) : target.body
    body = JSON.stringify(value)
  }
  if (method === 'GET' || method === 'HEAD') body = undefined
  if (body !== undefined) {
    const type = draft.contentType === null ? 'application/json' : draft.contentType
    if (type !== undefined) headers['content-type'] = type
  }
  return { method, url: `${base}${address}${queryString(query)}`, headers, body }
}

/** Whether a guest-cart request lacks the guest's key (a doubled cookie may be read either way). */
const withoutKey = (target: Target, draft: Draft): boolean => Boolean(target.guestCart) && draft.binding !== 'held' && draft.binding !== 'doubled'

/** The guest's order form and its lines, which no request without its key may change. */
async function guestCartDigest(): Promise<string> {
  const [row] = await platform.db.query<{ digest: string }>(
    `SELECT md5(coalesce((SELECT o::text FROM order_forms o WHERE id = $1), '') || coalesce((SELECT string_agg(l::text, '|' ORDER BY position) FROM order_form_lines l WHERE order_form_id = $1), '')) AS digest`,
    [fx.guestOrderFormId],
  )
  return row?.digest ?? ''
}

/** Sends one request and checks its answer; answers whether it succeeded (2xx). */
async function send(target: Target, request: Built, keyless = false): Promise<boolean> {
  totals.requests += 1
  const label = () => `${target.name}: ${request.method} ${request.url.slice(0, 300)} body=${(request.body ?? '').slice(0, 300)} type=${request.headers['content-type']}`
  let response: Response
  let text: string
  try {
    response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    text = await response.text()
  } catch (error) {
    totals.hangs += 1
    problems.push(`no answer within ${REQUEST_TIMEOUT_MS} ms (${(error as Error).message}) to ${label()}`)
    return false
  }
  const statusClass = `${String(response.status).charAt(0)}xx`
  totals.byClass[statusClass] = (totals.byClass[statusClass] ?? 0) + 1
  if (response.status >= 500) {
    problems.push(`${response.status} ${text.slice(0, 200)} to ${label()}`)
    return false
  }
  if (request.method === 'HEAD') return response.status < 300
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    problems.push(`${response.status} answered non-JSON "${text.slice(0, 120)}" to ${label()}`)
    return response.status < 300
  }
  if (response.status >= 400) {
    // Ours is { error: { code, message } } (GraphQL: { errors }); Node's HTTP layer in fastify answers { error, message, statusCode }.
    const refusal = json as { error?: { code?: unknown } | string; errors?: unknown[] } | null
    const named = typeof refusal?.error === 'string' || typeof refusal?.error?.code === 'string' || Array.isArray(refusal?.errors)
    if (!named) problems.push(`${response.status} without an error object: ${text.slice(0, 200)} to ${label()}`)
    return false
  }
  if (response.status >= 300) {
    problems.push(`${response.status} redirect to ${response.headers.get('location')} from ${label()}`)
    return false
  }
  if (target.answer && !target.answer.safeParse(json).success) problems.push(`${response.status} answer does not match the route's schema: ${text.slice(0, 200)} to ${label()}`)
  // Without its key the guest's cart does not exist: a success (a fresh cart) never shows it.
  if (keyless && text.includes(fx.guestOrderFormId)) problems.push(`${response.status} showed the guest's cart without its key: ${text.slice(0, 200)} to ${label()}`)
  return true
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The generator's seed for one target. `npm test` draws the same requests on
 * every run (FUZZ_SEED unset: a fixed base), so a red run is a change in the
 * code, never a new draw; `FUZZ_SEED=random` (`npm run test:fuzz:explore`)
 * draws new ones, and any number replays a base. Each target's seed mixes
 * the base with its name, so the targets do not share a sequence.
 */
const FIXED_BASE_SEED = 20_261_124
const baseSeed: number = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED || FIXED_BASE_SEED)
function seedOf(target: Pick<Target, 'name'>): number {
  let hash = baseSeed | 0
  for (const char of target.name) hash = (Math.imul(hash ^ char.charCodeAt(0), 0x01000193) + 0x9e3779b9) | 0
  return hash
}

/**
 * Runs `RUNS` generated requests at one target. After every request that
 * could write, the data is compared with the data before it: a refusal
 * must leave it exactly as it was.
 */
async function fuzz(target: Target): Promise<void> {
  let before: string | null = null
  await fc.assert(
    fc.asyncProperty(drafts(target), async (draft) => {
      try {
        await check(draft)
      } catch (error) {
        // The harness failed (a digest query, a request it could not build): named like every problem, so the run says which draft did it.
        problems.push(`the harness failed on ${target.name}: ${(error as Error).stack ?? String(error)} draft=${JSON.stringify(draft).slice(0, 400)}`)
      }
    }),
    { numRuns: RUNS, seed: seedOf(target) },
  )

  async function check(draft: Draft): Promise<void> {
    const request = build(target, draft)
    const keyless = withoutKey(target, draft)
    const guestBefore = keyless ? await guestCartDigest() : ''
    if (READS.has(request.method)) {
      before = null
      await send(target, request, keyless)
      if (keyless && (await guestCartDigest()) !== guestBefore) problems.push(`a request without the cart's key changed the guest's cart: ${target.name}: ${request.method} ${request.url.slice(0, 200)}`)
      return
    }
    before ??= await dataDigest()
    const succeeded = await send(target, request, keyless)
    const after = await dataDigest()
    if (keyless && (await guestCartDigest()) !== guestBefore) problems.push(`a request without the cart's key changed the guest's cart: ${target.name}: ${request.method} ${request.url.slice(0, 200)} body=${(request.body ?? '').slice(0, 200)}`)
    if (!succeeded && after !== before) problems.push(`a refused request changed the data: ${target.name}: ${request.method} ${request.url.slice(0, 200)} body=${(request.body ?? '').slice(0, 200)}`)
    before = after
  }
}

async function prepareFixture(): Promise<Fixture> {
  const token = await login(platform, SHOPPER)
  cookie = `${PLATFORM_SESSION_COOKIE}=${token}`
  const [variant] = await platform.db.query<{ sku: string; slug: string }>(
    `SELECT v.sku, p.slug FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND v.max_quantity >= 20 ORDER BY v.sku LIMIT 1`,
  )
  const [store] = await platform.db.query<{ id: string; seller_id: string }>('SELECT id, seller_id FROM stores ORDER BY id LIMIT 1')
  const [customer] = await platform.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [SHOPPER])
  const created = async (): Promise<string> => (await platformCall(platform, 'POST', '/api/orderforms', { session: token })).json<{ id: string }>().id
  const orderFormId = await created()
  const otherOrderFormId = await created()
  for (const [id, quantity] of [[orderFormId, 3], [otherOrderFormId, 1]] as const) {
    const added = await platformCall(platform, 'POST', `/api/orderforms/${id}/items`, { session: token, json: { sku: variant!.sku, quantity } })
    if (added.status !== 200) throw new Error(`fixture: adding to ${id} answered ${added.status} ${added.text}`)
  }
  const guest = await platformCall(platform, 'POST', '/api/orderforms')
  const guestKey = guest.guestKey ?? ''
  const guestOrderFormId = guest.json<{ id: string }>().id
  const guestAdded = await platformCall(platform, 'POST', `/api/orderforms/${guestOrderFormId}/items`, { guestKey, json: { sku: variant!.sku, quantity: 2 } })
  if (guestAdded.status !== 200) throw new Error(`fixture: adding to the guest's cart answered ${guestAdded.status} ${guestAdded.text}`)
  const wished = await platformCall(platform, 'POST', '/api/wishlist', { session: token, json: { sku: variant!.sku } })
  return {
    orderFormId,
    otherOrderFormId,
    guestOrderFormId,
    guestKey,
    sku: variant!.sku,
    slug: variant!.slug,
    storeId: store!.id,
    sellerId: store!.seller_id,
    email: SHOPPER,
    customerId: customer!.id,
    wishlistItemId: wished.json<{ id: string }>().id,
  }
}

beforeAll(async () => {
  platform = await createTestPlatform(60)
  process.env.PLATFORM_URL = platform.url
  // The Functions as production serves them (serve/app.ts): its body limit, content-type rules and JSON refusals.
  siteDir = mkdtempSync(path.join(tmpdir(), 'zampa-fuzz-'))
  mkdirSync(path.join(siteDir, 'public'), { recursive: true })
  writeFileSync(path.join(siteDir, 'public', 'index.html'), '<!DOCTYPE html><html><body>Zampa</body></html>')
  writeFileSync(path.join(siteDir, 'public', '404.html'), '<!DOCTYPE html><html><body>Pagina non trovata</body></html>')
  const loaded: LoadedFunction[] = []
  for (const [route, load] of Object.entries(functionModules)) {
    const handler = ((await load()) as FunctionModule).default
    loaded.push({ route, load: () => handler })
  }
  server = await buildServer({
    siteDir,
    functions: loaded,
    security: { frameAncestors: [], scriptSources: [], platformOrigins: [platform.url], connectOrigins: [] },
  })
  functions = { url: await server.listen({ host: '127.0.0.1', port: 0 }) }
  fx = await prepareFixture()
  totals.startedAt = Date.now()
}, 180_000)

afterAll(async () => {
  const seconds = ((Date.now() - totals.startedAt) / 1000).toFixed(1)
  const classes = ['2xx', '3xx', '4xx', '5xx'].map((k) => `${k} ${totals.byClass[k] ?? 0}`).join(', ')
  process.stdout.write(`\nfuzz totals (FUZZ_SEED=${baseSeed}): ${totals.requests} requests in ${seconds} s; ${classes}; no answer ${totals.hangs}; problems ${problems.length}\n`)
  await server?.close()
  await platform?.close()
  if (siteDir) rmSync(siteDir, { recursive: true, force: true })
})

describe('wire fuzz', () => {
  const fuzzTimeout = Math.max(120_000, RUNS * 2_000)
  // Targets are built once the fixture exists; the names are fixed, so the list is known here.
  const placeholder: Fixture = { orderFormId: '', guestOrderFormId: '', guestKey: '', otherOrderFormId: '', sku: '', slug: '', storeId: '', sellerId: '', email: '', customerId: '', wishlistItemId: '' }
  const names = [...functionTargets(placeholder), ...platformTargets(placeholder, '')].map((t) => t.name)

  it.each(names)('%s answers hostile requests with a JSON 4xx or a valid success', async (name) => {
    const target = [...functionTargets(fx), ...platformTargets(fx, TEST_ADMIN_TOKEN)].find((t) => t.name === name)!
    const start = problems.length
    await fuzz(target)
    const found = problems.slice(start)
    if (found.length > 0) process.stdout.write(`\n${found.map((p) => `PROBLEM ${p}`).join('\n')}\nreplay: FUZZ_SEED=${baseSeed} npm run test:fuzz -- -t '${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'\n`)
    expect(found.slice(0, 10)).toEqual([])
  }, fuzzTimeout)

  it('left the shopper able to read the order form and the wishlist', async () => {
    const form = await platformCall(platform, 'GET', `/api/orderforms/${fx.orderFormId}`, { session: cookie.split('=')[1] })
    expect(form.status).toBe(200)
    const wishlist = await platformCall(platform, 'GET', '/api/wishlist', { session: cookie.split('=')[1] })
    expect(wishlist.status).toBe(200)
    const guestCart = await platformCall(platform, 'GET', `/api/orderforms/${fx.guestOrderFormId}`, { guestKey: fx.guestKey })
    expect(guestCart.status).toBe(200)
  })
})

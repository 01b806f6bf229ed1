/**
 * The platform refuses forged requests and sends its security headers: each
 * forged request below carries the victim's session cookie, as a browser
 * would, and the test proves nothing changed.
 */
import { OrderForm, PLATFORM_SESSION_COOKIE } from '../wire'
import { call, createTestPlatform, formToken, login, type TestPlatform } from '../testing/app'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { GUEST_ORDER_THROTTLE, LOGIN_THROTTLE } from '../identity/throttle'
import { buildApp, type AppOptions } from './app'
import { provesStorefront, proxySecretFromEnv, trustProxyFromEnv } from './security'

let platform: TestPlatform
const MARIO = 'mario.rossi@example.it'
const EVIL = 'http://evil.example'

beforeAll(async () => {
  platform = await createTestPlatform(40)
}, 60_000)
afterAll(() => platform.close())

async function cartOf(session: string): Promise<OrderForm> {
  const [row] = await platform.db.query<{ sku: string }>(
    `SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND p.price_tiers = '[]'::jsonb ORDER BY v.sku LIMIT 1`,
  )
  await platform.db.query('UPDATE variants SET price_cents = 2000, list_price_cents = 2000, low_price_cents = 2000, max_quantity = 50 WHERE sku = $1', [row?.sku ?? ''])
  const created = OrderForm.parse((await call(platform, 'POST', '/api/orderforms', { session })).json())
  return OrderForm.parse((await call(platform, 'POST', `/api/orderforms/${created.id}/items`, { json: { sku: row?.sku, quantity: 1 }, session })).json())
}

const statusOf = async (id: string, session: string) => OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${id}`, { session })).json()).status

describe('forged requests', () => {
  it('a form posted to /checkout without the page token places no order', async () => {
    const session = await login(platform, MARIO)
    const cart = await cartOf(session)
    const forged = await call(platform, 'POST', '/checkout', { form: { orderFormId: cart.id }, session, csrf: false })
    expect(forged.status).toBe(403)
    expect(forged.text).toContain('Richiesta non valida')
    expect(await statusOf(cart.id, session)).not.toBe('placed')

    // From another origin, even a token (stolen or guessed) does not help.
    const crossSite = await call(platform, 'POST', '/checkout', { form: { orderFormId: cart.id }, session, headers: { origin: EVIL } })
    expect(crossSite.status).toBe(403)
    expect(await statusOf(cart.id, session)).not.toBe('placed')

    // The page's own form, with its token, places it.
    const real = await call(platform, 'POST', '/checkout', { form: { orderFormId: cart.id }, session })
    expect(real.status).toBe(303)
    expect(await statusOf(cart.id, session)).toBe('placed')
  })

  it('a token from another secret is refused', async () => {
    const session = await login(platform, MARIO)
    const cart = await cartOf(session)
    const other = await formToken(platform)
    const mine = await formToken(platform)
    const mixed = await fetch(`${platform.url}/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${mine.cookie}; ${PLATFORM_SESSION_COOKIE}=${session}` },
      body: new URLSearchParams({ orderFormId: cart.id, _csrf: other.token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) }).toString(),
    })
    expect(mixed.status).toBe(403)
    expect(await statusOf(cart.id, session)).not.toBe('placed')
  })

  it('login CSRF: a cross-site login form logs no one in', async () => {
    const credentials = { email: 'luca.verdi@example.it', password: 'Password123!', returnUrl: '/account' }
    const noToken = await call(platform, 'POST', '/login', { form: credentials, csrf: false })
    expect(noToken.status).toBe(403)
    expect(noToken.sessionToken).toBeUndefined()
    const crossSite = await call(platform, 'POST', '/login', { form: credentials, headers: { origin: EVIL } })
    expect(crossSite.status).toBe(403)
    expect(crossSite.sessionToken).toBeUndefined()
    const sameSite = await call(platform, 'POST', '/login', { form: credentials, headers: { 'sec-fetch-site': 'same-site' } })
    expect(sameSite.status).toBe(403)
    expect(sameSite.sessionToken).toBeUndefined()
    // The API login takes JSON only: a form (urlencoded or text/plain) cannot reach it.
    const apiForm = await fetch(`${platform.url}/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(credentials).toString(),
    })
    expect(apiForm.status).toBe(415)
    expect(apiForm.headers.getSetCookie()).toEqual([])
    const apiText = await fetch(`${platform.url}/api/session/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(credentials) })
    expect(apiText.status).toBe(415)
    const apiCrossSite = await call(platform, 'POST', '/api/session/login', { json: credentials, headers: { origin: EVIL } })
    expect(apiCrossSite.status).toBe(403)
    expect(apiCrossSite.sessionToken).toBeUndefined()
    // The login page's own form works.
    const real = await call(platform, 'POST', '/login', { form: credentials })
    expect(real.status).toBe(303)
    expect(real.sessionToken).toBeTruthy()
  })

  it('a link or image to /logout logs no one out; a cross-site post neither; the storefront form does', async () => {
    const session = await login(platform, MARIO)
    const loggedIn = async () => (await call(platform, 'GET', '/api/session', { session })).json<{ person: unknown }>().person !== null
    expect((await call(platform, 'GET', '/logout?returnUrl=%2F', { session })).status).toBe(200)
    expect(await loggedIn()).toBe(true)
    const crossSite = await call(platform, 'POST', '/logout', { form: {}, csrf: false, session, headers: { origin: EVIL } })
    expect(crossSite.status).toBe(403)
    expect(await loggedIn()).toBe(true)

    const trusting = await buildApp({ db: platform.db, publicUrl: platform.url, trustedOrigins: ['http://127.0.0.1:9000'] })
    const fromStorefront = await fetch(`${await trusting.listen({ host: '127.0.0.1', port: 0 })}/logout?scope=petshop&returnUrl=http%3A%2F%2F127.0.0.1%3A9000%2F`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'http://127.0.0.1:9000', 'sec-fetch-site': 'same-site', cookie: `${PLATFORM_SESSION_COOKIE}=${session}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    await trusting.close()
    expect(fromStorefront.status).toBe(303)
    expect(fromStorefront.headers.get('location')).toBe('http://127.0.0.1:9000/')
    expect(await loggedIn()).toBe(false)
  })

  it('cart changes from another origin are refused', async () => {
    const session = await login(platform, MARIO)
    const cart = await cartOf(session)
    const sku = cart.items[0]?.sku
    const forged = await call(platform, 'PATCH', `/api/orderforms/${cart.id}/items`, { json: { sku, quantity: 9 }, session, headers: { origin: EVIL } })
    expect(forged.status).toBe(403)
    expect(forged.json().error.code).toBe('FOREIGN_ORIGIN')
    const after = OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${cart.id}`, { session })).json())
    expect(after.items.find((i) => i.sku === sku)?.quantity).toBe(1)
  })

  it('an Origin that differs from this platform only in its scheme, or a cross-site Sec-Fetch-Site whatever the Origin, changes no cart', async () => {
    const session = await login(platform, MARIO)
    const cart = await cartOf(session)
    const sku = cart.items[0]?.sku
    const change = (headers: Record<string, string>) => call(platform, 'PATCH', `/api/orderforms/${cart.id}/items`, { json: { sku, quantity: 9 }, session, headers })
    for (const headers of <Record<string, string>[]>[
      { origin: platform.url.replace(/^http:/, 'https:') },
      { origin: platform.url, 'sec-fetch-site': 'cross-site' },
      { origin: platform.url, 'sec-fetch-site': 'same-site' },
      { origin: 'http://127.0.0.1:9000', 'sec-fetch-site': 'cross-site' },
    ]) {
      const forged = await change(headers)
      expect([headers, forged.status]).toEqual([headers, 403])
    }
    const after = OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${cart.id}`, { session })).json())
    expect(after.items.find((i) => i.sku === sku)?.quantity).toBe(1)
    // Its own pages, and the storefront's (a trusted origin of the same site), still may.
    expect((await change({ origin: platform.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    expect((await change({ origin: 'http://127.0.0.1:9000', 'sec-fetch-site': 'same-site' })).status).toBe(200)
  })
})

describe('headers', () => {
  it('pages: a CSP that runs no script and frames nowhere, nosniff, a referrer policy, no-store, DENY', async () => {
    for (const path of ['/login', '/register', '/logout']) {
      const page = await call(platform, 'GET', path)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('x-powered-by')).toBeNull()
      expect(page.headers.get('access-control-allow-origin')).toBeNull()
      expect(page.headers.get('strict-transport-security')).toBeNull()
    }
  })

  it("the style hash is the pages' stylesheet", async () => {
    const page = await call(platform, 'GET', '/login')
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.text)?.[1] ?? ''
    const { createHash } = await import('node:crypto')
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`)
  })

  it("a shopper's cart and session JSON are never stored by a cache; pictures are", async () => {
    const session = await login(platform, MARIO)
    const cart = await cartOf(session)
    for (const path of ['/api/session', `/api/orderforms/${cart.id}`, '/api/session/profile']) {
      expect((await call(platform, 'GET', path, { session })).headers.get('cache-control')).toBe('no-store')
    }
    const picture = await call(platform, 'GET', `${new URL(cart.items[0]!.image.url).pathname}?w=64`)
    expect(picture.headers.get('cache-control')).toContain('immutable')
  })

  it('pictures may be shown by the storefront, another site; nothing else may be read across sites', async () => {
    const session = await login(platform, MARIO)
    const cart = await cartOf(session)
    const picture = await call(platform, 'GET', `${new URL(cart.items[0]!.image.url).pathname}?w=64`)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    for (const path of ['/api/session', `/api/orderforms/${cart.id}`, '/login']) {
      expect((await call(platform, 'GET', path, { session })).headers.get('cross-origin-resource-policy')).toBe('same-site')
    }
  })

  it('HSTS when the platform is served over https', async () => {
    const secure = await buildApp({ db: platform.db, publicUrl: 'https://platform.example' })
    const answer = await fetch(`${await secure.listen({ host: '127.0.0.1', port: 0 })}/login`)
    await secure.close()
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })
})

/**
 * The platform counts failed logins and order lookups by client address. On
 * one host every local process connects from loopback, so an address list
 * cannot tell the storefront from any other: a forged X-Forwarded-For from a
 * local process is ignored, and its guesses count under the address it
 * connected from.
 */
describe("the client's address", () => {
  const apps: FastifyInstance[] = []
  /** A platform as deployed with neither PLATFORM_TRUST_PROXY nor PLATFORM_PROXY_SECRET set, unless `options` say otherwise. */
  const deployed = async (options: Partial<AppOptions> = {}): Promise<string> => {
    let url = ''
    const app = await buildApp({ db: platform.db, publicUrl: () => url, adminToken: null, trustedOrigins: [], trustProxy: trustProxyFromEnv({}), proxySecret: proxySecretFromEnv({}), ...options })
    apps.push(app)
    url = await app.listen({ host: '127.0.0.1', port: 0 })
    return url
  }
  const keys = async (prefix: string) => (await platform.db.query<{ key: string }>('SELECT key FROM attempt_failures WHERE key LIKE $1 ORDER BY key', [`${prefix}%`])).map((r) => r.key)
  afterEach(() => platform.db.query('DELETE FROM attempt_failures'))
  afterAll(() => Promise.all(apps.map((app) => app.close())))

  it('a local process that forges a new X-Forwarded-For for every guess is counted under the address it connects from, and meets the order-lookup limit', async () => {
    const url = await deployed()
    const guess = (i: number) =>
      fetch(`${url}/api/orders/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-storefront-proof': 'a-guess-at-the-storefront-secret-0123456789' },
        body: JSON.stringify({ orderNumber: `PF-${300000 + i}`, email: `tentativo${i}@example.it` }),
      })
    for (let i = 0; i < GUEST_ORDER_THROTTLE.address.free; i++) expect((await guess(i)).status).toBe(404)
    const slowed = await guess(GUEST_ORDER_THROTTLE.address.free)
    expect(slowed.status).toBe(429)
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await keys('order:ip:')).toEqual(['order:ip:127.0.0.1'])
  })

  it('and meets the limit on failed logins across accounts', async () => {
    const url = await deployed()
    const guess = (i: number) =>
      fetch(`${url}/api/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.${i + 1}` },
        body: JSON.stringify({ email: `sconosciuto${i}@example.it`, password: 'qualsiasi1' }),
      })
    for (let i = 0; i < LOGIN_THROTTLE.address.free; i++) expect((await guess(i)).status).toBe(401)
    expect((await guess(LOGIN_THROTTLE.address.free)).status).toBe(429)
    expect(await keys('login:ip:')).toEqual(['login:ip:127.0.0.1'])
  })

  const SECRET = randomBytes(32).toString('base64url')
  const lookup = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/api/orders/lookup`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ orderNumber: 'PF-400000', email: 'tentativo@example.it' }) })

  it("counts the shopper the storefront names only when it proves itself with the shared secret: a near miss, or a proof where no secret is set, counts the connection's address", async () => {
    const secured = await deployed({ proxySecret: SECRET })
    const open = await deployed({ proxySecret: null })
    expect((await lookup(secured, { 'x-storefront-proof': SECRET, 'x-forwarded-for': '203.0.113.7' })).status).toBe(404)
    expect((await lookup(secured, { 'x-storefront-proof': `${SECRET.slice(0, -1)}${SECRET.endsWith('A') ? 'B' : 'A'}`, 'x-forwarded-for': '203.0.113.8' })).status).toBe(404)
    expect((await lookup(secured, { 'x-storefront-proof': SECRET.slice(0, 32), 'x-forwarded-for': '203.0.113.9' })).status).toBe(404)
    expect((await lookup(open, { 'x-storefront-proof': SECRET, 'x-forwarded-for': '203.0.113.10' })).status).toBe(404)
    expect(await keys('order:ip:')).toEqual(['order:ip:127.0.0.1', 'order:ip:203.0.113.7'])
  })

  it('behind a proxy named in PLATFORM_TRUST_PROXY: a proved request counts the shopper past the storefront address the proxy added, any other the address the proxy saw', async () => {
    // The connection comes from the proxy (loopback here); the proxy appended the address that connected to it.
    const behind = await deployed({ proxySecret: SECRET, trustProxy: ['127.0.0.1'] })
    expect((await lookup(behind, { 'x-storefront-proof': SECRET, 'x-forwarded-for': '198.51.100.7, 10.0.0.5' })).status).toBe(404)
    expect((await lookup(behind, { 'x-forwarded-for': '198.51.100.8, 10.0.0.6' })).status).toBe(404)
    expect(await keys('order:ip:')).toEqual(['order:ip:10.0.0.6', 'order:ip:198.51.100.7'])
  })
})

describe('PLATFORM_TRUST_PROXY and PLATFORM_PROXY_SECRET', () => {
  it('believes X-Forwarded-For from no proxy by default or with false, else from the addresses or hops named', () => {
    expect(trustProxyFromEnv({})).toBe(false)
    expect(trustProxyFromEnv({ PLATFORM_TRUST_PROXY: 'false' })).toBe(false)
    expect(trustProxyFromEnv({ PLATFORM_TRUST_PROXY: '2' })).toBe(2)
    expect(trustProxyFromEnv({ PLATFORM_TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' })).toEqual(['10.0.0.5', '10.1.0.0/16'])
  })

  it('takes a secret of at least 32 characters, none when unset, and refuses a shorter one', () => {
    expect(proxySecretFromEnv({})).toBeNull()
    expect(proxySecretFromEnv({ PLATFORM_PROXY_SECRET: '  ' })).toBeNull()
    expect(proxySecretFromEnv({ PLATFORM_PROXY_SECRET: ` ${'s'.repeat(32)} ` })).toBe('s'.repeat(32))
    expect(() => proxySecretFromEnv({ PLATFORM_PROXY_SECRET: 's'.repeat(31) })).toThrow(/PLATFORM_PROXY_SECRET must be at least 32 characters, got 31/)
  })

  it('compares a proof with the secret whatever its length or form, refusing all but the secret', () => {
    const secret = 's'.repeat(40)
    expect(provesStorefront(secret, secret)).toBe(true)
    for (const proof of ['', 's', 's'.repeat(39), 's'.repeat(41), [secret, secret], undefined]) expect(provesStorefront(proof, secret)).toBe(false)
    expect(provesStorefront(secret, null)).toBe(false)
  })
})

/**
 * The platform refuses forged requests and sends its security headers: each
 * forged request below carries the victim's session cookie, as a browser
 * would, and the test proves nothing changed.
 */
import { OrderForm, PLATFORM_SESSION_COOKIE } from '../wire'
import { call, createTestPlatform, formToken, login, type TestPlatform } from '../testing/app'
import { buildApp } from './app'
import { trustProxyFromEnv } from './security'

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

describe('PLATFORM_TRUST_PROXY', () => {
  it('believes X-Forwarded-For from loopback only by default (the storefront beside it), from no one with false, else from the addresses or hops named', () => {
    expect(trustProxyFromEnv({})).toEqual(['loopback'])
    expect(trustProxyFromEnv({ PLATFORM_TRUST_PROXY: 'false' })).toBe(false)
    expect(trustProxyFromEnv({ PLATFORM_TRUST_PROXY: '2' })).toBe(2)
    expect(trustProxyFromEnv({ PLATFORM_TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' })).toEqual(['10.0.0.5', '10.1.0.0/16'])
  })
})

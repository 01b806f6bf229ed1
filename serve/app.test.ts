/**
 * The production server over a small built site (a fixture public/) and the
 * real cart Functions against a real platform: each security header, each
 * forged cart request refused (nothing changes), and every refusal as JSON 4xx.
 */
import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { startPlatform, type RunningPlatform } from '../platform'
import { PLATFORM_SESSION_COOKIE } from '../platform/wire'
import addFromForm from '../src/api/cart/add'
import addCartItem from '../src/api/checkout/addCartItem'
import getCartInformation from '../src/api/checkout/getCartInformation'
import graphql from '../src/api/graphql'
import { buildServer } from './app'
import type { LoadedFunction } from './functions'
import { starterSource } from './startAfterPaint'

const INLINE = 'window.pagePath="/cane";'
const PAGE = `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Product"}</script></head><body><script>${INLINE}</script><script src="/app-0123456789abcdef0123.js" async></script></body></html>`

let siteDir: string
let platform: RunningPlatform
let app: FastifyInstance
let base: string
let sku: string

function writeSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zampa-server-'))
  const file = (name: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
  file('public/index.html', PAGE)
  file('public/cane/index.html', PAGE)
  file('public/404.html', '<!DOCTYPE html><html><body>Pagina non trovata</body></html>')
  file('public/app-0123456789abcdef0123.js', 'console.log("app")')
  file('public/app-0123456789abcdef0123.js.map', '{"version":3}')
  file('public/page-data/cane/page-data.json', '{"path":"/cane"}')
  file('public/robots.txt', 'User-agent: *')
  file('public/sw.js', 'self.addEventListener("fetch", () => {})')
  file('.cache/redirects.json', JSON.stringify([{ fromPath: '/vecchia', toPath: '/cane', isPermanent: true }]))
  return dir
}

type Handler = ReturnType<LoadedFunction['load']>
const functions: LoadedFunction[] = Object.entries({
  'cart/add': addFromForm,
  'checkout/addCartItem': addCartItem,
  'checkout/getCartInformation': getCartInformation,
  graphql,
}).map(([route, handler]) => ({ route, load: () => handler as unknown as Handler }))

beforeAll(async () => {
  siteDir = writeSite()
  platform = await startPlatform({ host: '127.0.0.1', port: 0, dataDir: 'memory://', seedProducts: 40 })
  process.env.PLATFORM_URL = platform.url
  app = await buildServer({
    siteDir,
    functions,
    trustProxy: true,
    security: { frameAncestors: ['https://app.zampa.example'], scriptSources: ['https://booking.example/widget.js'], platformOrigins: [platform.url], connectOrigins: [] },
  })
  base = await app.listen({ host: '127.0.0.1', port: 0 })
  const catalog = (await (await fetch(`${platform.url}/api/catalog/products?page=0&pageSize=40`)).json()) as {
    items: { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[]
  }
  sku = catalog.items.filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0).flatMap((p) => p.variants).find((v) => v.lowPrice > 0 && v.maxQuantity >= 5)!.sku
}, 120_000)

afterAll(async () => {
  await app?.close()
  await platform?.close()
  rmSync(siteDir, { recursive: true, force: true })
})

describe('security headers', () => {
  it('a page: CSP with the hashes of its inline scripts (the starter of its app scripts among them) and no unsafe-inline, nosniff, referrer policy, frames, caching', async () => {
    const page = await fetch(`${base}/cane`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!
    const hash = (text: string) => createHash('sha256').update(text).digest('base64')
    expect(scriptSrc).toBe(`script-src 'self' https://booking.example/widget.js 'sha256-${hash(INLINE)}' 'sha256-${hash(starterSource)}'`)
    const body = await page.text()
    expect(body).toContain(`<script id="app-start" data-scripts="/app-0123456789abcdef0123.js">${starterSource}</script></body>`)
    expect(csp).toContain("frame-ancestors 'self' https://app.zampa.example")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain(`img-src 'self' data: ${platform.url}`)
    expect(csp).toContain(`form-action 'self' ${platform.url}`)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(page.headers.get('x-powered-by')).toBeNull()
    expect(page.headers.get('access-control-allow-origin')).toBeNull()
    expect(page.headers.get('strict-transport-security')).toBeNull()
    const again = await fetch(`${base}/cane`, { headers: { 'if-none-match': page.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('HSTS only over https (as the trusted proxy reports it)', async () => {
    const secure = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('hashed assets are immutable, page data revalidates, source maps are not public', async () => {
    const asset = await fetch(`${base}/app-0123456789abcdef0123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('access-control-allow-origin')).toBeNull()
    const data = await fetch(`${base}/page-data/cane/page-data.json`)
    expect(data.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect((await fetch(`${base}/robots.txt`)).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const map = await fetch(`${base}/app-0123456789abcdef0123.js.map`, { headers: { accept: 'application/json' } })
    expect(map.status).toBe(404)
    expect(await map.text()).not.toContain('version')
  })

  it('the service worker revalidates and gets a policy that lets it fetch only from the site', async () => {
    const worker = await fetch(`${base}/sw.js`)
    expect(worker.status).toBe(200)
    expect(worker.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(worker.headers.get('content-security-policy')).toBe("default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    // Any other file keeps the policy that lets nothing run.
    expect((await fetch(`${base}/robots.txt`)).headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
  })

  it("Functions' answers carry a shopper's data: no-store", async () => {
    const added = await fetch(`${base}/api/checkout/addCartItem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderFormId: '', newItem: { quantity: 1, itemOffered: { sku, additionalProperty: [] } } }),
    })
    expect(added.status).toBe(200)
    expect(added.headers.get('cache-control')).toBe('no-store')
    expect(added.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it("Gatsby's redirects, the trailing-slash rule and the 404 page", async () => {
    const moved = await fetch(`${base}/vecchia`, { redirect: 'manual' })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/cane')
    const slash = await fetch(`${base}/cane/?a=1`, { redirect: 'manual' })
    expect(slash.status).toBe(301)
    expect(slash.headers.get('location')).toBe('/cane?a=1')
    const missing = await fetch(`${base}/non-esiste`, { headers: { accept: 'text/html' } })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Pagina non trovata')
  })
})

/** A request whose path goes out byte for byte (fetch would turn a backslash into a slash). */
function rawRequest(method: string, url: string, rawPath: string): Promise<{ status: number; location: string | undefined; cacheControl: string | undefined }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path: rawPath, headers: { accept: 'text/html' } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, cacheControl: res.headers['cache-control'] }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('redirects stay on this site', () => {
  // Browsers read a Location of `//host` or `/\host` as another site.
  const offSite = ['//evil.example/', '///evil.example/', '/\\evil.example/', '//evil.example/?a=1', '/%2F%2Fevil.example/', '/%2fevil.example/', '/%5Cevil.example/', '/%5C%5Cevil.example/', '/%09/evil.example/', '//evil.example']

  it.each(offSite)('%s is no page of this site: a 404, never a Location', async (rawPath) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(method, base, rawPath)
      expect([method, answer.status, answer.location]).toEqual([method, 404, undefined])
    }
  })

  it("answers such an address with a 404 page that runs no script (the site's runtime fails at such an address)", async () => {
    const answer = await fetch(`${base}//evil.example/`, { headers: { accept: 'text/html' } })
    expect(answer.status).toBe(404)
    const page = await answer.text()
    expect(page).toContain('Pagina non trovata')
    expect(page).not.toContain('<script')
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('the trailing-slash redirect names a path of this site, and says how long it may be kept', async () => {
    for (const [rawPath, location] of [
      ['/cane/', '/cane'],
      ['/cane//?a=1', '/cane?a=1'],
      ['/cane/%2F', '/cane'],
    ] as const) {
      const answer = await rawRequest('GET', base, rawPath)
      expect([rawPath, answer.status, answer.location]).toEqual([rawPath, 301, location])
      expect(answer.cacheControl).toBe('public, max-age=3600')
    }
    const moved = await rawRequest('HEAD', base, '/vecchia')
    expect([moved.status, moved.location, moved.cacheControl]).toEqual([301, '/cane', 'public, max-age=3600'])
  })
})

interface Cart {
  id: string
  items: { quantity: number }[]
}

describe('forged cart requests from another origin change nothing', () => {
  let cookie: string
  let cart: Cart

  beforeAll(async () => {
    const login = await fetch(`${platform.url}/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mario.rossi@example.it', password: 'Password123!' }),
    })
    cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_SESSION_COOKIE}=`))!.split(';')[0]!
    const added = await addCart({ 'content-type': 'application/json', cookie }, { orderFormId: '', newItem: { quantity: 1, itemOffered: { sku, additionalProperty: [] } } })
    cart = (await added.json()) as Cart
    expect(cart.items.map((i) => i.quantity)).toEqual([1])
  }, 60_000)

  const addCart = (headers: Record<string, string>, body: unknown) =>
    fetch(`${base}/api/checkout/addCartItem`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
  const add = () => ({ orderFormId: cart.id, newItem: { quantity: 2, itemOffered: { sku, additionalProperty: [] } } })
  const quantityNow = async () => {
    const read = await fetch(`${platform.url}/api/orderforms/${cart.id}`, { headers: { cookie } })
    return ((await read.json()) as Cart).items.map((i) => i.quantity)
  }

  it('a no-cors fetch with a text/plain body, from another site', async () => {
    const answer = await addCart({ 'content-type': 'text/plain;charset=UTF-8', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', cookie }, add())
    expect(answer.status).toBe(415)
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type')
    expect(await quantityNow()).toEqual([1])
  })

  it('a JSON body from another site (a preflight this site never grants, or a non-browser forging Origin)', async () => {
    const answer = await addCart({ 'content-type': 'application/json', origin: 'http://evil.example', cookie }, add())
    expect(answer.status).toBe(403)
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('foreign_origin')
    expect(await quantityNow()).toEqual([1])
  })

  it('a plain form from another origin on the same site (another port)', async () => {
    const answer = await addCart(
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site', cookie },
      new URLSearchParams({ [JSON.stringify(add())]: '' }).toString(),
    )
    expect([403, 415]).toContain(answer.status)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(await quantityNow()).toEqual([1])
  })

  it('a text/plain body even from this origin (415: JSON only)', async () => {
    const answer = await addCart({ 'content-type': 'text/plain', origin: base, cookie }, add())
    expect(answer.status).toBe(415)
    expect(await quantityNow()).toEqual([1])
  })

  it('a cross-site request that names no origin, only Sec-Fetch-Site', async () => {
    const answer = await addCart({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', cookie }, add())
    expect(answer.status).toBe(403)
    expect(await quantityNow()).toEqual([1])
  })

  it('the add-to-cart form from another site is refused before it reaches the cart; from the site itself it adds and answers a page (req CART-30)', async () => {
    const post = (origin: string) =>
      fetch(`${base}/api/cart/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie },
        body: new URLSearchParams({ skuId: sku, quantity: '1', from: '/cane' }).toString(),
        redirect: 'manual',
      })
    const forged = await post('http://evil.example')
    expect(forged.status).toBe(403)
    expect(forged.headers.getSetCookie()).toEqual([])
    const own = await post(base)
    expect(own.status).toBe(303)
    expect(own.headers.get('location')).toBe(`/added-to-cart?skuId=${sku}#aggiunto`)
    expect(own.headers.get('cache-control')).toBe('no-store')
  })

  it('an Origin that differs only in its scheme, unless the trusted proxy says the request came over https', async () => {
    const secureOrigin = base.replace(/^http:/, 'https:')
    const refused = await addCart({ 'content-type': 'application/json', origin: secureOrigin, 'sec-fetch-site': 'same-origin', cookie }, add())
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([403, 'foreign_origin'])
    expect(await quantityNow()).toEqual([1])
    const crossSite = await addCart({ 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'cross-site', cookie }, add())
    expect(crossSite.status).toBe(403)
    expect(await quantityNow()).toEqual([1])
    // This server trusts its proxy (trustProxy: true), so X-Forwarded-Proto names the scheme the page saw: the origin check
    // passes, and the quantity of 0 (refused by the input schema, after the check) keeps the cart as it was for the next test.
    const proxied = await addCart({ 'content-type': 'application/json', origin: secureOrigin, 'x-forwarded-proto': 'https', 'sec-fetch-site': 'same-origin', cookie }, { ...add(), newItem: { ...add().newItem, quantity: 0 } })
    expect([proxied.status, ((await proxied.json()) as { error: { code: string } }).error.code]).toEqual([400, 'bad_request'])
    expect(await quantityNow()).toEqual([1])
  })

  it('the same request from the site itself does change the cart', async () => {
    const answer = await addCart({ 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin', cookie }, add())
    expect(answer.status).toBe(200)
    expect(await quantityNow()).toEqual([3])
  })
})

describe('every refusal is JSON with a 4xx status', () => {
  const post = (url: string, headers: Record<string, string>, body: string) => fetch(`${base}${url}`, { method: 'POST', headers, body })
  const expectJsonError = async (answer: Response, status: number, code: string) => {
    expect(answer.status).toBe(status)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(code)
  }

  it('multipart/form-data', async () => {
    const form = new FormData()
    form.set('orderFormId', '')
    await expectJsonError(await fetch(`${base}/api/checkout/addCartItem`, { method: 'POST', body: form }), 415, 'unsupported_media_type')
  })

  it('a form from this site to a Function that takes JSON', async () => {
    await expectJsonError(await post('/api/checkout/addCartItem', { 'content-type': 'application/x-www-form-urlencoded', origin: base }, 'orderFormId='), 415, 'unsupported_media_type')
  })

  it('a 1 MB body', async () => {
    await expectJsonError(await post('/api/checkout/addCartItem', { 'content-type': 'application/json' }, 'a'.repeat(1024 * 1024)), 413, 'payload_too_large')
  })

  it('a bogus charset', async () => {
    await expectJsonError(await post('/api/checkout/addCartItem', { 'content-type': 'application/json; charset=bogus' }, '{}'), 415, 'unsupported_media_type')
  })

  it('a wrong method, on a Function and on a page', async () => {
    await expectJsonError(await fetch(`${base}/api/checkout/addCartItem`), 405, 'method_not_allowed')
    await expectJsonError(await fetch(`${base}/cane`, { method: 'DELETE' }), 405, 'method_not_allowed')
  })

  it('an unknown /api route', async () => {
    await expectJsonError(await fetch(`${base}/api/non/esiste`), 404, 'not_found')
    await expectJsonError(await post('/api/non/esiste', { 'content-type': 'application/json' }, '{}'), 404, 'not_found')
  })

  it('a malformed path', async () => {
    await expectJsonError(await fetch(`${base}/%E0%A4%A`), 400, 'bad_request')
  })
})

describe('the health check a load balancer asks', () => {
  it('/healthz answers 200 JSON, never cached, whatever the platform does', async () => {
    platform.setFault({ kind: 'fail' })
    try {
      const health = await fetch(`${base}/healthz`)
      expect(health.status).toBe(200)
      expect(health.headers.get('cache-control')).toBe('no-store')
      expect(await health.json()).toEqual({ ok: true })
      expect((await fetch(`${base}/healthz`, { method: 'HEAD' })).status).toBe(200)
    } finally {
      platform.setFault(null)
    }
  })
})

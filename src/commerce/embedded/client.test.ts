import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../platform/http/app'
import { GUEST_ORDER_THROTTLE } from '../../../platform/identity/throttle'
import { createTestPlatform, type TestPlatform } from '../../../platform/testing/app'
import { platformProxySecret, platformTimeoutMs, platformUrl } from './settings'
import { createEmbeddedCommerce } from './'
import { createPlatformClient } from './client'
import { OrderPlacedError } from '../errors'
import { z } from 'zod/v4'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('embedded platform client', () => {
  it('answers 503 when the platform cannot be reached', async () => {
    const adapter = createEmbeddedCommerce({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 })
    await expect(adapter.cart.get('x', {})).rejects.toMatchObject({ status: 503, code: 'backend_unavailable' })
  })

  it('answers 504 within its time-out when the platform does not answer, over node:http and over fetch', async () => {
    const silent = http.createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    try {
      for (const adapter of [createEmbeddedCommerce({ baseUrl, timeoutMs: 300 }), createEmbeddedCommerce({ baseUrl, timeoutMs: 300, fetch })]) {
        const started = Date.now()
        await expect(adapter.cart.get('x', {})).rejects.toMatchObject({ status: 504, code: 'backend_timeout' })
        expect(Date.now() - started).toBeLessThan(1_500)
      }
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('asks a read once more when its connection drops before an answer, and never sends a write twice', async () => {
    let requests = 0
    // Drops the first connection of each kind of request without answering, as a platform closing a kept-alive socket does.
    const dropped = new Set<string>()
    const flaky = http.createServer((request, response) => {
      requests++
      if (!dropped.has(request.method!)) {
        dropped.add(request.method!)
        request.socket.destroy()
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ person: null }))
    })
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`
    try {
      const { call } = createPlatformClient({ baseUrl, timeoutMs: 2_000 })
      await expect(call('/api/session/person', z.object({ person: z.null() }))).resolves.toEqual({ person: null })
      expect(requests).toBe(2)
      await expect(call('/api/orderforms', z.object({ person: z.null() }), { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 503,
        message: expect.stringMatching(/^commerce platform unreachable: POST \/api\/orderforms: socket hang up \(ECONNRESET\)$/),
      })
      expect(requests).toBe(3)
    } finally {
      flaky.closeAllConnections()
      await new Promise((resolve) => flaky.close(resolve))
    }
  })

  it('does not ask a read again after a time-out, and names the route without its query string', async () => {
    let requests = 0
    const silent = http.createServer(() => {
      requests++
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { call } = createPlatformClient({ baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300 })
      await expect(call('/api/geo/lookup?q=Via%20Roma%201', z.object({}))).rejects.toMatchObject({ status: 504, message: 'commerce platform did not answer GET /api/geo/lookup within 300 ms' })
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(requests).toBe(1)
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('reads its time-out from PLATFORM_TIMEOUT_MS, 10 s when unset, and refuses a value out of bounds', () => {
    expect(platformTimeoutMs({})).toBe(10_000)
    expect(platformTimeoutMs({ PLATFORM_TIMEOUT_MS: '2500' })).toBe(2_500)
    for (const wrong of ['0', '99', '120001', '2.5', 'abc']) expect(() => platformTimeoutMs({ PLATFORM_TIMEOUT_MS: wrong })).toThrow(/PLATFORM_TIMEOUT_MS/)
  })

  it('reads the platform address from PLATFORM_URL, the platform on loopback when unset, without a trailing slash', () => {
    expect(platformUrl({})).toBe('http://127.0.0.1:9100')
    expect(platformUrl({ PLATFORM_URL: 'http://platform.internal:9100//' })).toBe('http://platform.internal:9100')
  })

  it("maps the platform's 4xx to ours with its message", async () => {
    const fetch = jest.fn(async () => json(422, { error: { code: 'quantity', message: 'quantity must be at most 10 for sku 1' } }))
    const adapter = createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch })
    await expect(adapter.cart.addItem('f', { sku: '1', seller: '1', quantity: 11, attachments: [] }, {})).rejects.toMatchObject({
      status: 422,
      message: 'quantity must be at most 10 for sku 1',
    })
  })

  it('answers 502 for a platform fault or an answer outside the wire schema', async () => {
    const fault = jest.fn(async () => json(500, { error: { code: 'x', message: 'boom' } }))
    await expect(createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fault as unknown as typeof globalThis.fetch }).cart.get('f', {})).rejects.toMatchObject({ status: 502 })
    const odd = jest.fn(async () => json(200, { id: 1 }))
    await expect(createEmbeddedCommerce({ baseUrl: 'http://p', fetch: odd as unknown as typeof globalThis.fetch }).cart.get('f', {})).rejects.toMatchObject({ status: 502 })
  })

  it("tells the platform the shopper's address (X-Forwarded-For), so its limits count per shopper and not per storefront", async () => {
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => json(200, { person: null }))
    const adapter = createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch })
    await adapter.identity.session.person({ clientAddress: '203.0.113.5' })
    await adapter.identity.session.person({ clientAddress: '203.0.113.5, 10.0.0.1' })
    await adapter.identity.session.person({})
    const sent = fetch.mock.calls.map((c) => (c[1]!.headers as Record<string, string>)['x-forwarded-for'])
    expect(sent).toEqual(['203.0.113.5', undefined, undefined])
  })

  it("proves to the platform that it is the storefront only where it names a shopper's address, and only with the secret it was given", async () => {
    const secret = 's'.repeat(40)
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => json(200, { person: null }))
    const sent = () => fetch.mock.calls.map((c) => (c[1]!.headers as Record<string, string>)['x-storefront-proof'])
    const proving = createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch, proxySecret: secret })
    await proving.identity.session.person({ clientAddress: '203.0.113.5' })
    await proving.identity.session.person({})
    await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch, proxySecret: null }).identity.session.person({ clientAddress: '203.0.113.5' })
    expect(sent()).toEqual([secret, undefined, undefined])
  })

  it('reads the secret it proves itself with from PLATFORM_PROXY_SECRET, none when unset, and refuses one shorter than 32 characters', () => {
    expect(platformProxySecret({})).toBeNull()
    expect(platformProxySecret({ PLATFORM_PROXY_SECRET: ` ${'s'.repeat(32)}\n` })).toBe('s'.repeat(32))
    expect(() => platformProxySecret({ PLATFORM_PROXY_SECRET: 's'.repeat(31) })).toThrow(/PLATFORM_PROXY_SECRET must be at least 32 characters/)
  })

  it('asks for every read afresh when it reads for the build, and for no write', async () => {
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => json(200, { revision: 'e.1' }))
    const sent = () => fetch.mock.calls.map((c) => (c[1]!.headers as Record<string, string>)['cache-control'])
    await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch }).catalog.revision()
    await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch, freshReads: true }).catalog.revision()
    expect(sent()).toEqual([undefined, 'no-cache'])
    fetch.mockImplementationOnce(async () => json(500, {}))
    await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch, freshReads: true }).cart.create({}).catch(() => undefined)
    expect(sent()[2]).toBeUndefined()
  })

  it("answers the platform's 429 as ours, with the wait it asks for", async () => {
    const slowed = jest.fn(async () => new Response(JSON.stringify({ error: { code: 'TOO_MANY_LOOKUPS', message: 'too many failed lookups' } }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '16' } }))
    const adapter = createEmbeddedCommerce({ baseUrl: 'http://p', fetch: slowed as unknown as typeof globalThis.fetch })
    await expect(adapter.identity.orders.findPlaced('PF-1', 'a@b.it', {})).rejects.toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 16 })
  })

  it('forwards the shopper cookie and nothing else about identity', async () => {
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => json(200, { person: null }))
    await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch }).identity.session.person({ cookie: 'pf_session=abc' })
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).cookie).toBe('pf_session=abc')
  })

  it('answers null for the profile of a guest (platform 401) and the profile of a customer', async () => {
    const guest = jest.fn(async () => json(401, { error: { code: 'NOT_LOGGED_IN', message: 'log in first' } }))
    await expect(createEmbeddedCommerce({ baseUrl: 'http://p', fetch: guest as unknown as typeof globalThis.fetch }).identity.session.profile({})).resolves.toBeNull()
    const profile = { bkId: 'BK1', arcacard: '123', profilingConsent: true, isVet: true }
    const customer = jest.fn(async () => json(200, profile))
    await expect(createEmbeddedCommerce({ baseUrl: 'http://p', fetch: customer as unknown as typeof globalThis.fetch }).identity.session.profile({ cookie: 'pf_session=a' })).resolves.toEqual(profile)
  })

  it('refuses a placed order form as a cart, naming its order', async () => {
    const placed = { id: 'f', status: 'placed', orderNumber: 'PF-1042', customerId: null, items: [], messages: [], totals: { total: 0, subTotal: 0, totalItems: 0, totalUniqueItems: 0 }, updatedAt: new Date(0).toISOString() }
    const fetch = jest.fn(async () => json(200, placed))
    const error = await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch }).cart.get('f', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OrderPlacedError)
    expect(error).toMatchObject({ status: 409, orderFormId: 'f', orderNumber: 'PF-1042' })
  })

  it('reads the loyalty multiplier of a sku, escaping it in the path', async () => {
    const fetch = jest.fn(async (_url: string) => json(200, { sku: '10/1', multiplier: 3 }))
    await expect(createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch }).loyalty.multiplier('10/1')).resolves.toBe(3)
    expect(fetch.mock.calls[0]![0]).toBe('http://p/api/catalog/skus/10%2F1/loyalty')
  })
})

describe('guest-cart key', () => {
  const created = (setCookie: string) => {
    const form = { id: 'f', status: 'open', orderNumber: null, customerId: null, items: [], messages: [], totals: { total: 0, subTotal: 0, totalItems: 0, totalUniqueItems: 0 }, updatedAt: new Date(0).toISOString() }
    return new Response(JSON.stringify(form), { status: 201, headers: { 'content-type': 'application/json', 'set-cookie': setCookie } })
  }

  it('keeps the key the platform issues with a new guest cart in the request, and sends it with the later calls of that request', async () => {
    const fetch = jest.fn(async (_url: string, _init?: RequestInit) => created('pf_cart=K3y_-abc; Max-Age=600; Path=/; HttpOnly; SameSite=Lax'))
    const adapter = createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch })
    const ctx = { cookie: 'pf_session=s; pf_cart=old' }
    await adapter.cart.create(ctx)
    expect(ctx).toMatchObject({ issued: [{ name: 'pf_cart', value: 'K3y_-abc', maxAgeSeconds: 600, secure: false }] })
    await adapter.cart.get('f', ctx)
    expect((fetch.mock.calls[1]![1]!.headers as Record<string, string>).cookie).toBe('pf_session=s; pf_cart=K3y_-abc')
  })

  it('keeps only the cart cookie, and none that is malformed or cleared', async () => {
    for (const header of ['pf_session=x; Path=/', 'pf_cart=a"b; Path=/', 'pf_cart=; Max-Age=0', 'pf_cart=x; Max-Age=0', 'pf_cart=x; Max-Age=soon']) {
      const fetch = jest.fn(async () => created(header))
      const ctx = {}
      await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: fetch as unknown as typeof globalThis.fetch }).cart.create(ctx)
      expect([header, ctx]).toEqual([header, {}])
    }
    const secure = jest.fn(async () => created('pf_cart=x; Secure; HttpOnly'))
    const ctx = {}
    await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: secure as unknown as typeof globalThis.fetch }).cart.create(ctx)
    expect(ctx).toEqual({ issued: [{ name: 'pf_cart', value: 'x', maxAgeSeconds: 2592000, secure: true }] })
  })

  it('keeps the key under the __Host- name an https platform gives it, only when Secure (as a browser would)', async () => {
    const kept = async (header: string) => {
      const ctx = {}
      await createEmbeddedCommerce({ baseUrl: 'http://p', fetch: jest.fn(async () => created(header)) as unknown as typeof globalThis.fetch }).cart.create(ctx)
      return ctx
    }
    expect(await kept('__Host-pf_cart=x; Path=/; Secure; HttpOnly')).toEqual({ issued: [{ name: '__Host-pf_cart', value: 'x', maxAgeSeconds: 2592000, secure: true }] })
    expect(await kept('__Host-pf_cart=x; Path=/; HttpOnly')).toEqual({})
    expect(await kept('__Host-pf_session=x; Path=/; Secure; HttpOnly')).toEqual({})
  })
})

/**
 * The platform believes a shopper's address only from the storefront, which
 * proves itself with the secret both were given (PLATFORM_PROXY_SECRET): on
 * one host every process connects from loopback, so the connection's address
 * cannot tell the storefront from another local process.
 */
describe("the shopper's address at a platform that believes no proxy", () => {
  const SECRET = randomBytes(32).toString('base64url')
  let platform: TestPlatform
  let app: FastifyInstance
  let baseUrl = ''
  beforeAll(async () => {
    platform = await createTestPlatform(2)
    app = await buildApp({ db: platform.db, publicUrl: () => baseUrl, adminToken: null, trustedOrigins: [], trustProxy: false, proxySecret: SECRET })
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await platform?.close()
  })
  afterEach(() => platform.db.query('DELETE FROM attempt_failures'))
  const lookupKeys = async () => (await platform.db.query<{ key: string }>(`SELECT key FROM attempt_failures WHERE key LIKE 'order:ip:%' ORDER BY key`)).map((r) => r.key)

  it("is the one counted when the storefront's client holds the secret: a guessing shopper is slowed, the next shopper is not", async () => {
    const { identity } = createEmbeddedCommerce({ baseUrl, proxySecret: SECRET })
    const guesser = { clientAddress: '203.0.113.77' }
    const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: { status: number }) => error.status)
    for (let i = 0; i < GUEST_ORDER_THROTTLE.address.free; i++) expect(await status(identity.orders.findPlaced(`PF-${500000 + i}`, `tentativo${i}@example.it`, guesser))).toBe(404)
    expect(await status(identity.orders.findPlaced('PF-600000', 'altro@example.it', guesser))).toBe(429)
    expect(await status(identity.orders.findPlaced('PF-600000', 'altro@example.it', { clientAddress: '198.51.100.78' }))).toBe(404)
    expect(await lookupKeys()).toEqual(['order:ip:198.51.100.78', 'order:ip:203.0.113.77'])
  })

  it('is not believed from a client without the secret: its guesses count under the address it connects from', async () => {
    const { identity } = createEmbeddedCommerce({ baseUrl, proxySecret: null })
    await identity.orders.findPlaced('PF-700000', 'altro@example.it', { clientAddress: '203.0.113.79' }).catch(() => undefined)
    expect(await lookupKeys()).toEqual(['order:ip:127.0.0.1'])
  })
})

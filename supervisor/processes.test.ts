import type { FastifyInstance } from 'fastify'
import { buildApp } from '../platform/http/app'
import { proxySecretFromEnv } from '../platform/http/security'
import { createTestPlatform, type TestPlatform } from '../platform/testing/app'
import { createEmbeddedCommerce } from '../src/commerce/embedded'
import { platformProxySecret } from '../src/commerce/embedded/settings'
import { storefrontEnv } from './processes'

const PLATFORM_URL = 'http://127.0.0.1:9100'
const SITE_URL = 'http://127.0.0.1:9000'

describe('the environment npm start gives the platform and the storefront', () => {
  const saved = process.env.PLATFORM_PROXY_SECRET
  afterEach(() => {
    if (saved === undefined) delete process.env.PLATFORM_PROXY_SECRET
    else process.env.PLATFORM_PROXY_SECRET = saved
  })

  it('holds one secret for both processes: a new random one for each run when none is set, else the one set', () => {
    delete process.env.PLATFORM_PROXY_SECRET
    const first = storefrontEnv(PLATFORM_URL, SITE_URL).PLATFORM_PROXY_SECRET
    const second = storefrontEnv(PLATFORM_URL, SITE_URL).PLATFORM_PROXY_SECRET
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(second).not.toBe(first)
    process.env.PLATFORM_PROXY_SECRET = 'o'.repeat(40)
    expect(storefrontEnv(PLATFORM_URL, SITE_URL).PLATFORM_PROXY_SECRET).toBe('o'.repeat(40))
    expect(storefrontEnv(PLATFORM_URL, SITE_URL, 'p'.repeat(40)).PLATFORM_PROXY_SECRET).toBe('p'.repeat(40))
  })

  describe("with it, the platform counts the shopper the storefront's client names", () => {
    let platform: TestPlatform
    let app: FastifyInstance
    let baseUrl = ''
    beforeAll(async () => {
      delete process.env.PLATFORM_PROXY_SECRET
      const env = storefrontEnv(PLATFORM_URL, SITE_URL)
      platform = await createTestPlatform(2)
      // Each side reads the one environment with its own rule, as the two processes of npm start do.
      app = await buildApp({ db: platform.db, publicUrl: () => baseUrl, adminToken: null, trustedOrigins: [], trustProxy: false, proxySecret: proxySecretFromEnv(env) })
      baseUrl = await app.listen({ host: '127.0.0.1', port: 0 })
      process.env.PLATFORM_PROXY_SECRET = platformProxySecret(env) ?? ''
    }, 60_000)
    afterAll(async () => {
      await app?.close()
      await platform?.close()
    })

    it('and not the address of the process it connects from', async () => {
      const { identity } = createEmbeddedCommerce({ baseUrl })
      await identity.orders.findPlaced('PF-800000', 'altro@example.it', { clientAddress: '203.0.113.88' }).catch(() => undefined)
      const keys = await platform.db.query<{ key: string }>(`SELECT key FROM attempt_failures WHERE key LIKE 'order:ip:%'`)
      expect(keys.map((r) => r.key)).toEqual(['order:ip:203.0.113.88'])
    })
  })
})

/**
 * The platform's call to the storefront's catalog rebuild hook: what it sends,
 * a retry after a storefront error, a storefront that is down failing nothing,
 * and the admin endpoint calling it after a price change.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { call, createTestPlatform, TEST_ADMIN_TOKEN } from '../testing/app'
import { catalogHook, catalogHookFromEnv } from './catalog-hook'

const TOKEN = 'catalog-hook-token-0123456789abcdef'

interface Received {
  authorization?: string
  body: string
}

/** A stand-in for the storefront's hook: records each call and answers the statuses queued, 202 after them. */
async function fakeHook(statuses: number[] = []) {
  const received: Received[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(statuses.shift() ?? 202).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/catalog`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('catalogHook', () => {
  it('posts the changed skus with the bearer token', async () => {
    const hook = await fakeHook()
    const client = catalogHook({ url: hook.url, token: TOKEN, log: () => undefined })
    client.notify(['123'])
    await client.settled()
    expect(hook.received).toEqual([{ authorization: `Bearer ${TOKEN}`, body: '{"skus":["123"]}' }])
    await hook.close()
  })

  it('sends the changes of half a second together, at most 500 skus a call', async () => {
    const hook = await fakeHook()
    const client = catalogHook({ url: hook.url, token: TOKEN, log: () => undefined, batchMs: 50 })
    client.notify(['1'])
    client.notify(['2', '1'])
    await new Promise((resolve) => setTimeout(resolve, 200))
    await client.settled()
    expect(hook.received.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ skus: ['1', '2'] }])
    const many = Array.from({ length: 1_001 }, (_, i) => `sku-${i}`)
    client.notify(many)
    await client.settled()
    expect(hook.received.slice(1).map((r) => (JSON.parse(r.body) as { skus: string[] }).skus.length)).toEqual([500, 500, 1])
    await hook.close()
  })

  it('tries again once after a storefront error, and logs without the token', async () => {
    const hook = await fakeHook([503, 503])
    const logged: string[] = []
    const client = catalogHook({ url: hook.url, token: TOKEN, retryAfterMs: 1, log: (m) => logged.push(m) })
    client.notify(['9'])
    await client.settled()
    expect(hook.received).toHaveLength(2)
    expect(logged).toEqual([expect.stringContaining('answered 503'), expect.stringContaining('answered 503'), 'catalog hook: the changed sku reaches the static pages at the next build'])
    for (const line of logged) expect(line).not.toContain(TOKEN)
    await hook.close()
  })

  it('does not try again a refusal (a wrong token stays wrong)', async () => {
    const hook = await fakeHook([403])
    const client = catalogHook({ url: hook.url, token: TOKEN, retryAfterMs: 1, log: () => undefined })
    client.notify(['9'])
    await client.settled()
    expect(hook.received).toHaveLength(1)
    await hook.close()
  })

  it('fails nothing when the storefront is down', async () => {
    const logged: string[] = []
    // A port nothing listens on: one a server had and gave back.
    const closed = await fakeHook([])
    await closed.close()
    const client = catalogHook({ url: closed.url, token: TOKEN, retryAfterMs: 1, log: (m) => logged.push(m) })
    client.notify(['1'])
    await client.settled()
    const origin = new URL(closed.url).origin
    expect(logged).toEqual([`catalog hook ${origin}: not reached (ECONNREFUSED)`, `catalog hook ${origin}: not reached (ECONNREFUSED)`, 'catalog hook: the changed sku reaches the static pages at the next build'])
  })

  it('is configured by both variables or not at all', () => {
    expect(catalogHookFromEnv({})).toBeNull()
    expect(catalogHookFromEnv({ PLATFORM_CATALOG_HOOK_URL: 'http://127.0.0.1:1/hooks/catalog' })).toBeNull()
    expect(() => catalogHookFromEnv({ PLATFORM_CATALOG_HOOK_URL: 'nope', PLATFORM_CATALOG_HOOK_TOKEN: TOKEN })).toThrow(/not a URL/)
    expect(catalogHookFromEnv({ PLATFORM_CATALOG_HOOK_URL: 'http://127.0.0.1:1/hooks/catalog', PLATFORM_CATALOG_HOOK_TOKEN: TOKEN })).not.toBeNull()
  })
})

describe('the admin endpoint', () => {
  it('calls the hook with the sku whose price changed', async () => {
    const hook = await fakeHook()
    process.env.PLATFORM_CATALOG_HOOK_URL = hook.url
    process.env.PLATFORM_CATALOG_HOOK_TOKEN = TOKEN
    const platform = await createTestPlatform(5)
    delete process.env.PLATFORM_CATALOG_HOOK_URL
    delete process.env.PLATFORM_CATALOG_HOOK_TOKEN
    try {
      const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants ORDER BY sku LIMIT 1')
      const patch = await call(platform, 'PATCH', `/api/admin/skus/${row!.sku}`, { json: { price: 12.5 }, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })
      expect(patch.status).toBe(200)
      const refused = await call(platform, 'PATCH', `/api/admin/skus/${row!.sku}`, { json: { price: 1 }, headers: { 'x-admin-token': 'wrong' } })
      expect(refused.status).toBe(403)
      for (let i = 0; i < 50 && hook.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(hook.received).toEqual([{ authorization: `Bearer ${TOKEN}`, body: JSON.stringify({ skus: [row!.sku] }) }])
    } finally {
      await platform.close()
      await hook.close()
    }
  })
})

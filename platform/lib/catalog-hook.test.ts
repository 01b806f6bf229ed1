/**
 * The platform's call to the storefront's catalog hook: what it sends, changes
 * kept in the outbox while the storefront is down or failing and sent once it
 * is back, a refusal dropped, a change made during a call kept for the next,
 * and the admin endpoint writing the outbox with the change.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { migrate } from '../db/migrate'
import type { Db } from '../db/types'
import { call, createTestPlatform, serve, TEST_ADMIN_TOKEN } from '../testing/app'
import { openTestDb } from '../testing/database'
import { catalogHook, catalogHookFromEnv } from './catalog-hook'

const TOKEN = 'catalog-hook-token-0123456789abcdef'

interface Received {
  authorization?: string
  body: string
}

/**
 * A stand-in for the storefront's hook: records each call and answers the statuses queued, 202 after them; on
 * `port`, when given, as a storefront started again at its address.
 */
async function fakeHook(statuses: number[] = [], port = 0, onCall?: () => Promise<void>, answer?: (body: string) => number) {
  const received: Received[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: Buffer.concat(chunks).toString('utf8') })

      const body = Buffer.concat(chunks).toString('utf8')
      void (onCall?.() ?? Promise.resolve()).then(() => response.writeHead(statuses.shift() ?? answer?.(body) ?? 202).end('{}'))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/catalog`
  return { url, port: (server.address() as AddressInfo).port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let db: Db
beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
})
afterAll(() => db.close())
beforeEach(() => db.query('DELETE FROM catalog_outbox'))

const keep = (...skus: string[]) => db.query('INSERT INTO catalog_outbox (sku) SELECT unnest($1::text[]) ON CONFLICT (sku) DO NOTHING', [skus])
const kept = async () => (await db.query<{ sku: string }>('SELECT sku FROM catalog_outbox ORDER BY sku')).map((row) => row.sku)
const skusOf = (received: Received[]) => received.map((r) => (JSON.parse(r.body) as { skus: string[] }).skus)
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`waited in vain for ${what}`)
}

describe('catalogHook', () => {
  it('posts the kept skus with the bearer token, and lets them go once the storefront took them', async () => {
    const hook = await fakeHook()
    const client = catalogHook({ url: hook.url, token: TOKEN, db, log: () => undefined })
    await keep('123')
    client.notify()
    await client.settled()
    expect(hook.received).toEqual([{ authorization: `Bearer ${TOKEN}`, body: '{"skus":["123"]}' }])
    expect(await kept()).toEqual([])
    client.close()
    await hook.close()
  })

  it('sends the changes of half a second together, at most 500 skus a call', async () => {
    const hook = await fakeHook()
    const client = catalogHook({ url: hook.url, token: TOKEN, db, log: () => undefined, batchMs: 50 })
    await keep('1')
    client.notify()
    await keep('2')
    client.notify()
    await until(() => hook.received.length === 1, 'the first call')
    await client.settled()
    expect(skusOf(hook.received)).toEqual([['1', '2']])
    await keep(...Array.from({ length: 1_001 }, (_, i) => `sku-${i}`))
    client.notify()
    await client.settled()
    expect(skusOf(hook.received.slice(1)).map((skus) => skus.length)).toEqual([500, 500, 1])
    expect(await kept()).toEqual([])
    client.close()
    await hook.close()
  })

  it('keeps the skus through storefront errors and sends them again, waiting longer each time, logging without the token', async () => {
    const hook = await fakeHook([503, 503])
    const logged: string[] = []
    const client = catalogHook({ url: hook.url, token: TOKEN, db, retryAfterMs: 20, log: (m) => logged.push(m) })
    await keep('9')
    client.notify()
    await client.settled()
    expect(hook.received).toHaveLength(1)
    expect(await kept()).toEqual(['9'])
    const [row] = await db.query<{ wait: number }>('SELECT extract(epoch FROM next_attempt_at - changed_at)::float8 AS wait FROM catalog_outbox')
    expect(row!.wait).toBeGreaterThan(0.015)
    await until(() => hook.received.length === 3, 'the third call')
    await until(async () => (await kept()).length === 0, 'the outbox to empty')
    expect(logged).toEqual([
      expect.stringContaining('answered 503'),
      'catalog hook: the changed sku is kept and sent again (try 2)',
      expect.stringContaining('answered 503'),
      'catalog hook: the changed sku is kept and sent again (try 3)',
    ])
    for (const line of logged) expect(line).not.toContain(TOKEN)
    client.close()
    await hook.close()
  })

  it('keeps a change while the storefront is down, and sends it when the storefront is back at its address', async () => {
    const logged: string[] = []
    const gone = await fakeHook()
    await gone.close()
    const client = catalogHook({ url: gone.url, token: TOKEN, db, retryAfterMs: 20, log: (m) => logged.push(m) })
    await keep('41')
    client.notify()
    await client.settled()
    expect(logged[0]).toBe(`catalog hook ${new URL(gone.url).origin}: not reached (ECONNREFUSED)`)
    expect(await kept()).toEqual(['41'])
    const back = await fakeHook([], gone.port)
    await until(() => back.received.length > 0, 'the storefront started again to get the change')
    expect(skusOf(back.received)[0]).toEqual(['41'])
    await until(async () => (await kept()).length === 0, 'the outbox to empty')
    client.close()
    await back.close()
  })

  it('drops a call whose body the storefront refuses, and keeps one it refuses for its token', async () => {
    const refused = await fakeHook([400])
    const logged: string[] = []
    const client = catalogHook({ url: refused.url, token: TOKEN, db, retryAfterMs: 60_000, log: (m) => logged.push(m) })
    await keep('bad id')
    client.notify()
    await client.settled()
    expect(await kept()).toEqual([])
    expect(logged).toContain('catalog hook: bad id dropped, the storefront refused it')
    client.close()
    const forbidden = await fakeHook([403])
    const again = catalogHook({ url: forbidden.url, token: TOKEN, db, retryAfterMs: 60_000, log: () => undefined })
    await keep('7')
    again.notify()
    await again.settled()
    expect(await kept()).toEqual(['7'])
    again.close()
    await Promise.all([refused.close(), forbidden.close()])
  })

  it('sends each sku of a refused batch alone, dropping only the one refused alone', async () => {
    const hook = await fakeHook([], 0, undefined, (body) => (body.includes('bad id') ? 400 : 202))
    const logged: string[] = []
    const client = catalogHook({ url: hook.url, token: TOKEN, db, log: (m) => logged.push(m) })
    await keep('1', 'bad id', '2')
    client.notify()
    await client.settled()
    expect(skusOf(hook.received).slice(1).sort()).toEqual([['1'], ['2'], ['bad id']])
    expect(logged).toContain('catalog hook: bad id dropped, the storefront refused it')
    expect(await kept()).toEqual([])
    client.close()
    await hook.close()
  })

  it('keeps each call under the storefront’s 16 KB, whatever the skus’ length', async () => {
    const hook = await fakeHook()
    const client = catalogHook({ url: hook.url, token: TOKEN, db, log: () => undefined })
    await keep(...Array.from({ length: 600 }, (_, i) => `sku-${String(i).padStart(4, '0')}-${'x'.repeat(50)}`))
    client.notify()
    await client.settled()
    expect(hook.received.length).toBeGreaterThan(2)
    for (const call of hook.received) expect(Buffer.byteLength(call.body)).toBeLessThanOrEqual(16 * 1024)
    expect(skusOf(hook.received).flat()).toHaveLength(600)
    client.close()
    await hook.close()
  })

  it('keeps for the next call a sku changed again while a call carrying it was under way', async () => {
    const changedDuringCall = () => db.query(`UPDATE catalog_outbox SET changed_at = clock_timestamp() WHERE sku = '5'`).then(() => undefined)
    let first = true
    const hook = await fakeHook([], 0, async () => {
      if (first) await changedDuringCall()
      first = false
    })
    const client = catalogHook({ url: hook.url, token: TOKEN, db, log: () => undefined })
    await keep('5')
    client.notify()
    await client.settled()
    expect(skusOf(hook.received)).toEqual([['5'], ['5']])
    expect(await kept()).toEqual([])
    client.close()
    await hook.close()
  })

  it('is configured by both variables or not at all', () => {
    expect(catalogHookFromEnv({}, db)).toBeNull()
    expect(catalogHookFromEnv({ PLATFORM_CATALOG_HOOK_URL: 'http://127.0.0.1:1/hooks/catalog' }, db)).toBeNull()
    expect(() => catalogHookFromEnv({ PLATFORM_CATALOG_HOOK_URL: 'nope', PLATFORM_CATALOG_HOOK_TOKEN: TOKEN }, db)).toThrow(/not a URL/)
    expect(catalogHookFromEnv({ PLATFORM_CATALOG_HOOK_URL: 'http://127.0.0.1:1/hooks/catalog', PLATFORM_CATALOG_HOOK_TOKEN: TOKEN }, db)).not.toBeNull()
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

describe('the admin endpoint, with the storefront down', () => {
  it('answers the change, keeps it in the outbox, and a platform started again over the same database sends it', async () => {
    const gone = await fakeHook()
    await gone.close()
    process.env.PLATFORM_CATALOG_HOOK_URL = gone.url
    process.env.PLATFORM_CATALOG_HOOK_TOKEN = TOKEN
    const platform = await createTestPlatform(5)
    try {
      const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants ORDER BY sku LIMIT 1')
      const patch = await call(platform, 'PATCH', `/api/admin/skus/${row!.sku}`, { json: { price: 9.5 }, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })
      expect(patch.status).toBe(200)
      expect((await platform.db.query<{ sku: string }>('SELECT sku FROM catalog_outbox')).map((r) => r.sku)).toEqual([row!.sku])
      await platform.app.close()
      // The storefront is back, and so is the platform, over the database the change was kept in.
      const back = await fakeHook([], gone.port)
      const again = await serve(platform.db, TEST_ADMIN_TOKEN)
      try {
        await until(() => back.received.length > 0, 'the kept change to be sent')
        expect(skusOf(back.received)).toEqual([[row!.sku]])
        await until(async () => (await platform.db.query('SELECT 1 FROM catalog_outbox')).length === 0, 'the outbox to empty')
      } finally {
        await again.close()
        await back.close()
      }
    } finally {
      delete process.env.PLATFORM_CATALOG_HOOK_URL
      delete process.env.PLATFORM_CATALOG_HOOK_TOKEN
      await platform.close()
    }
  })
})

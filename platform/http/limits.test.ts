/**
 * The platform bounds slow clients: a body trickled in, headers that never
 * end, and more connections from one address than it allows. The app here has
 * short limits, so what takes seconds in production takes a fraction of one.
 */
import type { FastifyInstance } from 'fastify'
import { migrate } from '../db/migrate'
import { seedDatabase } from '../db/seed'
import type { Db } from '../db/types'
import type { HttpLimits } from '../../http/limits'
import { openTestDb } from '../testing/database'
import { getFrom, holdConnection, silentConnection, slowBody, slowHeaders } from '../testing/slow-clients'
import { buildApp, platformHttpLimits } from './app'

let db: Db
const apps: FastifyInstance[] = []

beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
  await seedDatabase(db, { products: 10 })
}, 60_000)

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
  await db?.close()
})

async function start(httpLimits: HttpLimits): Promise<string> {
  let url = ''
  const app = await buildApp({ db, publicUrl: () => url, adminToken: null, trustedOrigins: [], httpLimits })
  apps.push(app)
  url = await app.listen({ host: '127.0.0.1', port: 0 })
  return url
}

const short: HttpLimits = { headersTimeoutMs: 400, requestTimeoutMs: 1000, idleTimeoutMs: 5000, keepAliveTimeoutMs: 5000, maxConnectionsPerClient: 0 }

describe('slow clients are cut', () => {
  let url: string
  beforeAll(async () => {
    url = await start(short)
  })

  it('a JSON body of 50,000 bytes sent 10 bytes at a time: 408 and closed within the request time-out', async () => {
    const trickled = await slowBody(url, '/api/orderforms', { declared: 50_000, everyMs: 100, giveUpMs: 6000 })
    expect(trickled.closedAfterMs).not.toBeNull()
    expect(trickled.closedAfterMs!).toBeGreaterThanOrEqual(900)
    expect(trickled.closedAfterMs!).toBeLessThan(2000)
    expect(trickled.statusLine).toBe('HTTP/1.1 408 Request Timeout')
  })

  it('a login form trickled in the same way', async () => {
    const trickled = await slowBody(url, '/login', { declared: 50_000, everyMs: 100, giveUpMs: 6000, contentType: 'application/x-www-form-urlencoded' })
    expect(trickled.closedAfterMs).not.toBeNull()
    expect(trickled.closedAfterMs!).toBeLessThan(2000)
  })

  it('headers that never end: 408 and closed within the headers time-out', async () => {
    const trickled = await slowHeaders(url, { everyMs: 50, giveUpMs: 6000 })
    expect(trickled.closedAfterMs).not.toBeNull()
    expect(trickled.closedAfterMs!).toBeLessThan(1500)
    expect(trickled.statusLine).toBe('HTTP/1.1 408 Request Timeout')
  })

  it('a connection that never sends a byte: closed within the headers time-out', async () => {
    const closedAfter = await silentConnection(url, 5_000)
    expect(closedAfter).not.toBeNull()
    expect(closedAfter!).toBeLessThan(2_000)
  })
})

describe('connections per client address', () => {
  it('refuses one past the cap from that address, while another address is served, and admits again once one closes', async () => {
    const url = await start({ ...short, headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, maxConnectionsPerClient: 2 })
    const held = [holdConnection(url), holdConnection(url)]
    expect(await Promise.all(held.map((c) => c.admitted))).toEqual([true, true])
    expect(await holdConnection(url).admitted).toBe(false)
    expect(await getFrom(url, '/api/health', '127.0.0.3')).toBe(200)
    held[0]!.close()
    await held[0]!.closed
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await getFrom(url, '/api/health', '127.0.0.1')).toBe(200)
    held[1]!.close()
  })

  it("allows the storefront's pool of connections from its one address by default, and reads PLATFORM_* variables", () => {
    expect(platformHttpLimits({}).maxConnectionsPerClient).toBe(512)
    expect(platformHttpLimits({ PLATFORM_MAX_CONNECTIONS_PER_CLIENT: '0', PLATFORM_REQUEST_TIMEOUT_MS: '20000' })).toMatchObject({ maxConnectionsPerClient: 0, requestTimeoutMs: 20_000 })
    expect(() => platformHttpLimits({ PLATFORM_HEADERS_TIMEOUT_MS: 'x' })).toThrow('PLATFORM_HEADERS_TIMEOUT_MS')
  })
})

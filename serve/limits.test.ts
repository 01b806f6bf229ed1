/**
 * The production server bounds slow clients: a body trickled in, headers that
 * never end, and more connections from one address than it allows. Each
 * server here has short limits, so what a shopper's server does in seconds
 * happens here in a fraction of one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { HttpLimits } from '../http/limits'
import { getFrom, holdConnection, silentConnection, slowBody, slowHeaders } from '../platform/testing/slow-clients'
import { buildServer } from './app'
import { readServerConfig } from './config'
import type { LoadedFunction } from './functions'

type Handler = ReturnType<LoadedFunction['load']>
const echo: LoadedFunction = { route: 'echo', load: () => ((_req, res) => res.json({ ok: true })) as Handler }

let siteDir: string
const servers: FastifyInstance[] = []

beforeAll(() => {
  siteDir = mkdtempSync(path.join(tmpdir(), 'zampa-limits-'))
  mkdirSync(path.join(siteDir, 'public'), { recursive: true })
  writeFileSync(path.join(siteDir, 'public', 'index.html'), '<!DOCTYPE html><html><body>Zampa</body></html>')
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  rmSync(siteDir, { recursive: true, force: true })
})

async function start(limits: HttpLimits): Promise<string> {
  const server = await buildServer({ siteDir, functions: [echo], limits, security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] } })
  servers.push(server)
  return server.listen({ host: '127.0.0.1', port: 0 })
}

const short: HttpLimits = { headersTimeoutMs: 400, requestTimeoutMs: 1000, idleTimeoutMs: 5000, keepAliveTimeoutMs: 5000, maxConnectionsPerClient: 0 }

describe('slow clients are cut', () => {
  let url: string
  beforeAll(async () => {
    url = await start(short)
  })

  it('a body of 50,000 bytes sent 10 bytes at a time: 408 and closed within the request time-out', async () => {
    const trickled = await slowBody(url, '/api/echo', { declared: 50_000, everyMs: 100, giveUpMs: 6000 })
    expect(trickled.closedAfterMs).not.toBeNull()
    expect(trickled.closedAfterMs!).toBeGreaterThanOrEqual(900)
    expect(trickled.closedAfterMs!).toBeLessThan(2000)
    expect(trickled.statusLine).toBe('HTTP/1.1 408 Request Timeout')
    expect(trickled.sent).toBeLessThan(50_000)
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

  it('a body that arrives within the limit is answered', async () => {
    const trickled = await slowBody(url, '/api/echo', { declared: 30, everyMs: 100, giveUpMs: 3000 })
    expect(trickled.statusLine).toBe('HTTP/1.1 200 OK')
  })
})

describe('connections per client address', () => {
  it('refuses one past the cap from that address, while another address is served, and admits again once one closes', async () => {
    const url = await start({ ...short, headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, maxConnectionsPerClient: 3 })
    const held = [holdConnection(url), holdConnection(url), holdConnection(url)]
    expect(await Promise.all(held.map((c) => c.admitted))).toEqual([true, true, true])
    const extra = holdConnection(url)
    expect(await extra.admitted).toBe(false)
    expect(await getFrom(url, '/', '127.0.0.1')).toBeNull()
    // Another client (another loopback address) is not affected.
    expect(await getFrom(url, '/', '127.0.0.2')).toBe(200)
    held[0]!.close()
    await held[0]!.closed
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await getFrom(url, '/', '127.0.0.1')).toBe(200)
    for (const c of held) c.close()
  })

  it('has no cap behind a trusted proxy, whose address every connection would share, unless one is set', () => {
    expect(readServerConfig({}, '/nowhere').limits.maxConnectionsPerClient).toBe(128)
    expect(readServerConfig({ TRUST_PROXY: '10.0.0.0/8' }, '/nowhere').limits.maxConnectionsPerClient).toBe(0)
    expect(readServerConfig({ TRUST_PROXY: '10.0.0.0/8', SITE_MAX_CONNECTIONS_PER_CLIENT: '2000' }, '/nowhere').limits.maxConnectionsPerClient).toBe(2000)
    expect(readServerConfig({ SITE_REQUEST_TIMEOUT_MS: '15000' }, '/nowhere').limits.requestTimeoutMs).toBe(15_000)
  })
})

/**
 * The editing screen bounds slow clients as the storefront and the platform
 * do: a connection that sends nothing, headers that never end, and more
 * connections from one address than it allows. Short limits here, so what
 * takes seconds on the screen takes a fraction of one.
 */
import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { HttpLimits } from '../http/limits'
import { getFrom, holdConnection, silentConnection, slowHeaders } from '../platform/testing/slow-clients'
import { buildEditorServer, editorHttpLimits } from './server'
import { contentRepository, linkedPaths } from '../tests/support/contentRepo'

let root: string
let usersDir: string
const servers: FastifyInstance[] = []

beforeAll(() => {
  root = contentRepository()
  usersDir = mkdtempSync(path.join(os.tmpdir(), 'editor-limits-'))
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  rmSync(usersDir, { recursive: true, force: true })
  rmSync(root, { recursive: true, force: true })
})

async function start(limits: HttpLimits): Promise<string> {
  const app = await buildEditorServer({ repository: { root, sitePaths: () => linkedPaths() }, editorsFile: path.join(usersDir, `editors-${servers.length}.json`), limits })
  servers.push(app)
  return app.listen({ host: '127.0.0.1', port: 0 })
}

const short: HttpLimits = { headersTimeoutMs: 400, requestTimeoutMs: 1000, idleTimeoutMs: 5000, keepAliveTimeoutMs: 5000, maxConnectionsPerClient: 0 }

describe('the editing screen cuts slow clients', () => {
  it('closes a connection that never sends a byte within its headers time-out', async () => {
    const closedAfter = await silentConnection(await start(short), 5_000)
    expect(closedAfter).not.toBeNull()
    expect(closedAfter!).toBeLessThan(2_000)
  })

  it('answers headers that never end with a 408 and closes', async () => {
    const url = await start(short)
    const trickled = await slowHeaders(url, { everyMs: 50, giveUpMs: 6000 })
    expect(trickled.closedAfterMs).not.toBeNull()
    expect(trickled.closedAfterMs!).toBeLessThan(1500)
    expect(trickled.statusLine).toBe('HTTP/1.1 408 Request Timeout')
  })

  it('refuses one connection past the cap from an address while another address is served', async () => {
    const url = await start({ ...short, headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, maxConnectionsPerClient: 2 })
    const held = [holdConnection(url), holdConnection(url)]
    expect(await Promise.all(held.map((c) => c.admitted))).toEqual([true, true])
    expect(await holdConnection(url).admitted).toBe(false)
    expect(await getFrom(url, '/login', '127.0.0.2')).toBe(200)
    held.forEach((c) => c.close())
  })
})

describe('editorHttpLimits', () => {
  it('gives a whole request a minute, caps each address unless a proxy fronts the screen, and reads EDITOR_*', () => {
    expect(editorHttpLimits({}, false)).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000, maxConnectionsPerClient: 128 })
    expect(editorHttpLimits({}, true).maxConnectionsPerClient).toBe(0)
    expect(editorHttpLimits({ EDITOR_HEADERS_TIMEOUT_MS: '5000', EDITOR_MAX_CONNECTIONS_PER_CLIENT: '16' }, true)).toMatchObject({ headersTimeoutMs: 5000, maxConnectionsPerClient: 16 })
    expect(() => editorHttpLimits({ EDITOR_IDLE_TIMEOUT_MS: 'soon' }, false)).toThrow(/EDITOR_IDLE_TIMEOUT_MS must be a whole number/)
  })
})

/**
 * VTEX's catalog notifications on the real production server: VTEX's documented body is taken and its sku
 * reaches the journal and the catalog fast path, a burst is one build, and whatever is not VTEX's notification
 * with the URL's token is refused before anything is asked of the builds.
 */
import crypto from 'node:crypto'
import { request as httpRequest, Agent } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { slowBody } from '../platform/testing/slow-clients'
import { buildServer } from './app'
import { changesPages, redactedUrl, VTEX_NOTIFICATION_BODY_LIMIT, VtexCatalogNotification, vtexNotificationsFromEnv } from './vtexNotifications'
import { fastPlan } from '../releases/fastPaths'
import { fileJournal } from '../releases/journal'
import { Releases } from '../releases/releases'
import { BuildRunner, type BuildJob, type ChangeJournal } from '../releases/runner'

const HOOK_TOKEN = 'a-hook-token-long-enough-for-tests'
const TOKEN = 'vtex-notification-token-0123456789'
const documented = JSON.parse(readFileSync(path.join(__dirname, '..', 'src', 'commerce', 'vtex', 'testing', 'notifications', 'vtexCatalogNotification.json'), 'utf8')) as {
  source: { repository: string; path: string }
  request: { method: string; headers: Record<string, string>; body: Record<string, unknown> }
}
const ACCOUNT = documented.request.body.An as string
const json = { 'content-type': 'application/json' }

let project: string
let base: string
let app: FastifyInstance
let runner: BuildRunner
let journalFile: string
let journalWrites = 0
/** The jobs the full build was given, and the ones the fast path was. */
const fullBuilds: BuildJob[] = []
const fastBuilds: BuildJob[] = []
/** Holds the builds until released, so that what is waiting can be looked at. */
let gate: { promise: Promise<void>; open: () => void }
const closedGate = () => {
  let open = () => undefined as void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}
let fastFails: string | null = null
const keepAlive = new Agent({ keepAlive: true, maxSockets: 32 })

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'zampa-vtex-notify-'))
  mkdirSync(path.join(project, 'public'), { recursive: true })
  writeFileSync(path.join(project, 'public', 'index.html'), '<!DOCTYPE html><html><body>negozio</body></html>')
  const releases = new Releases(project)
  await releases.release()
  journalFile = path.join(project, 'changes-waiting.json')
  const file = fileJournal(journalFile)
  const journal: ChangeJournal = { read: () => file.read(), write: (requests) => (journalWrites++, file.write(requests)) }
  runner = new BuildRunner({
    journal,
    gatherMs: 1000,
    log: () => undefined,
    execute: async (job) => {
      fullBuilds.push(job)
      await gate.promise
      return { pagesWritten: 1 }
    },
    fast: {
      accepts: (job) => fastPlan(job) !== null,
      execute: async (job) => {
        fastBuilds.push(job)
        await gate.promise
        if (fastFails) throw new Error(fastFails)
        return { pagesWritten: 5 }
      },
    },
  })
  app = await buildServer({
    siteDir: project,
    security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] },
    functions: [],
    currentSite: () => releases.currentDir()!,
    builds: { runner, token: HOOK_TOKEN, vtex: { token: TOKEN, account: ACCOUNT } },
  })
  base = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  gate.open()
  await runner.idle()
  await app.close()
  keepAlive.destroy()
  rmSync(project, { recursive: true, force: true })
})
beforeEach(async () => {
  gate = closedGate()
  fullBuilds.length = 0
  fastBuilds.length = 0
  fastFails = null
  journalWrites = 0
})

interface Answer {
  statusCode: number
  body: string
  json<T = Record<string, unknown>>(): T
}

function call(url: string, headers: Record<string, string>, payload?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${url}`, { method: 'POST', headers, agent: keepAlive }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        resolve({ statusCode: response.statusCode!, body, json: <T>() => JSON.parse(body) as T })
      })
    })
    request.on('error', reject)
    request.end(payload)
  })
}

const notify = (body: unknown, url = `/hooks/vtex/catalog?token=${TOKEN}`, headers: Record<string, string> = json) => call(url, headers, typeof body === 'string' ? body : JSON.stringify(body))
const notification = (sku: string, changes: Record<string, unknown> = {}) => ({ ...documented.request.body, IdSku: sku, IsActive: true, PriceModified: true, HasStockKeepingUnitModified: false, ...changes })
const waiting = () => (existsSync(journalFile) ? (JSON.parse(readFileSync(journalFile, 'utf8')) as { kind: string; items: string[] }[]) : [])

describe("VTEX's documented notification", () => {
  it('is taken as VTEX sends it, and its sku is journaled before the answer and reaches the catalog fast path', async () => {
    expect(documented.source.repository).toBe('vtexdocs/help-center-content')
    const answer = await notify(documented.request.body, `/hooks/vtex/catalog?token=${TOKEN}`, documented.request.headers)
    expect(answer.statusCode).toBe(202)
    expect(answer.json()).toEqual({ ticket: expect.any(Number) })
    // Kept for a restart before anything is built.
    expect(waiting()).toEqual([{ kind: 'catalog', items: ['sku:15'] }])
    await waitFor(() => fastBuilds.length === 1)
    expect(fastPlan(fastBuilds[0]!)).toEqual({ frame: false, pages: [], skus: ['15'] })
    gate.open()
    await runner.idle()
    expect(fullBuilds).toEqual([])
    expect(waiting()).toEqual([])
    expect(runner.status().lastLive).toMatchObject({ fast: true, pagesWritten: 5 })
  })

  it('takes the token as the last segment of the address too, and a sku id sent as a number', async () => {
    expect((await notify(notification('16'), `/hooks/vtex/catalog/${TOKEN}`)).statusCode).toBe(202)
    expect((await notify({ ...notification('17'), IdSku: 17 })).statusCode).toBe(202)
    await waitFor(() => fastBuilds.length === 1)
    expect(fastBuilds[0]!.items).toEqual(['sku:16', 'sku:17'])
    gate.open()
    await runner.idle()
  })

  it('of a sku the catalog does not list is harmless: the fast path refuses it, the whole site is built, the shop keeps serving', async () => {
    fastFails = 'no listed product holds 99999999: only a build takes a product’s pages away'
    expect((await notify(notification('99999999', { IsActive: false, HasStockKeepingUnitRemovedFromAffiliate: true }))).statusCode).toBe(202)
    await waitFor(() => fastBuilds.length === 1)
    gate.open()
    await runner.idle()
    expect(fullBuilds.map((job) => job.items)).toEqual([['sku:99999999']])
    expect(runner.status()).toMatchObject({ state: 'live', lastLive: { fast: false } })
    expect(waiting()).toEqual([])
  })

  it('of an inactive sku whose price or stock changed asks for no build: it is on no page', async () => {
    const answer = await notify(notification('18', { IsActive: false, StockModified: true, PriceModified: false }))
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ ticket: null })
    expect(runner.status().state).not.toMatch(/queued|building/)
    expect(journalWrites).toBe(0)
  })
})

describe('a burst of notifications', () => {
  it('200 notifications of 150 skus, as a bulk price import sends them, are one build of the 150 skus', async () => {
    const skus = Array.from({ length: 150 }, (_, i) => String(1000 + i))
    const sent = [...skus, ...skus.slice(0, 50)]
    const answers = await Promise.all(sent.map((sku) => notify(notification(sku))))
    expect(answers.map((answer) => answer.statusCode)).toEqual(sent.map(() => 202))
    // Every one was journaled before it was answered, all of them together waiting for one build.
    expect(journalWrites).toBe(200)
    expect(new Set(waiting()[0]!.items)).toEqual(new Set(skus.map((sku) => `sku:${sku}`)))
    await waitFor(() => fastBuilds.length === 1)
    gate.open()
    await runner.idle()
    expect(fastBuilds).toHaveLength(1)
    expect(fastBuilds[0]!.items).toHaveLength(150)
    expect(fastBuilds[0]!.complete).toBe(true)
    expect(fullBuilds).toEqual([])
    expect(runner.status().liveThrough).toBe(Math.max(...answers.map((answer) => answer.json<{ ticket: number }>().ticket)))
  })
})

describe('the notification route refuses, asking nothing of the builds', () => {
  afterEach(() => {
    expect(fastBuilds).toEqual([])
    expect(fullBuilds).toEqual([])
    expect(journalWrites).toBe(0)
  })

  it('a missing or wrong token (401), compared in constant time', async () => {
    const compared = jest.spyOn(crypto, 'timingSafeEqual')
    const wrong = ['', 'x', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase(), HOOK_TOKEN]
    for (const token of wrong) {
      const answer = await notify(documented.request.body, `/hooks/vtex/catalog?token=${encodeURIComponent(token)}`)
      expect([token, answer.statusCode]).toEqual([token, 401])
      expect(answer.body).not.toContain(TOKEN)
    }
    expect((await notify(documented.request.body, '/hooks/vtex/catalog')).statusCode).toBe(401)
    expect((await notify(documented.request.body, `/hooks/vtex/catalog/${TOKEN}x`)).statusCode).toBe(401)
    // The build hook's bearer token opens nothing here, nor this token the build hooks.
    expect((await notify(documented.request.body, '/hooks/vtex/catalog', { ...json, authorization: `Bearer ${TOKEN}` })).statusCode).toBe(401)
    expect((await call('/hooks/catalog', { ...json, authorization: `Bearer ${TOKEN}` }, '{"skus":["15"]}')).statusCode).toBe(403)
    // Every token was compared as a digest of the same length, whatever its own length.
    expect(compared.mock.calls.length).toBeGreaterThanOrEqual(wrong.length)
    for (const [a, b] of compared.mock.calls) expect([a.byteLength, b.byteLength]).toEqual([32, 32])
    compared.mockRestore()
  })

  it('a body that is not VTEX’s notification (400)', async () => {
    const bodies = [
      '{"IdSku":',
      '[]',
      'null',
      JSON.stringify({ skus: ['15'] }),
      JSON.stringify({ An: ACCOUNT }),
      JSON.stringify({ IdSku: '15' }),
      JSON.stringify({ ...documented.request.body, IdSku: '../../etc/passwd' }),
      JSON.stringify({ ...documented.request.body, IdSku: '15 OR 1=1' }),
      JSON.stringify({ ...documented.request.body, IdSku: -1 }),
      JSON.stringify({ ...documented.request.body, IdSku: 1.5 }),
      JSON.stringify({ ...documented.request.body, PriceModified: 'true' }),
      JSON.stringify({ ...documented.request.body, An: '' }),
    ]
    for (const body of bodies) {
      const answer = await notify(body)
      expect([body, answer.statusCode]).toEqual([body, 400])
      expect(answer.json()).toMatchObject({ error: { code: 'bad_request' } })
    }
  })

  it('a notification of another VTEX account (400, naming both)', async () => {
    const answer = await notify({ ...documented.request.body, An: 'anotherstore' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ error: { code: 'wrong_account', message: expect.stringContaining('anotherstore') } })
  })

  it('a body over the limit (413), one that is not JSON (415), one a browser sends (403)', async () => {
    const huge = JSON.stringify({ ...documented.request.body, padding: 'x'.repeat(VTEX_NOTIFICATION_BODY_LIMIT) })
    expect((await notify(huge)).statusCode).toBe(413)
    expect((await notify(documented.request.body, undefined, { 'content-type': 'text/plain' })).statusCode).toBe(415)
    expect((await notify(documented.request.body, undefined, { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(415)
    expect((await notify(documented.request.body, undefined, { ...json, origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await notify(documented.request.body, undefined, { ...json, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403)
  })

  it('a body declared over the limit before a byte of it is read, and a body trickled in (cut at the request time-out)', async () => {
    const declared = await slowBody(base, `/hooks/vtex/catalog?token=${TOKEN}`, { declared: 1_000_000, everyMs: 50, giveUpMs: 3_000 })
    expect(declared.statusLine).toBe('HTTP/1.1 413 Payload Too Large')
    const short = await buildServer({
      siteDir: project,
      security: { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] },
      functions: [],
      limits: { headersTimeoutMs: 400, requestTimeoutMs: 1000, idleTimeoutMs: 5000, keepAliveTimeoutMs: 5000, maxConnectionsPerClient: 0 },
      builds: { runner, token: HOOK_TOKEN, vtex: { token: TOKEN, account: ACCOUNT } },
    })
    try {
      const url = await short.listen({ host: '127.0.0.1', port: 0 })
      const trickled = await slowBody(url, `/hooks/vtex/catalog?token=${TOKEN}`, { declared: 400, everyMs: 100, giveUpMs: 6_000 })
      expect(trickled.statusLine).toBe('HTTP/1.1 408 Request Timeout')
      expect(trickled.closedAfterMs!).toBeLessThan(2_000)
    } finally {
      await short.close()
    }
  })
})

describe('what the route reads', () => {
  it('VTEX’s notification with fields VTEX added since (ProductId, SellerChain), and takes the pages-changing ones only', () => {
    const withMore = VtexCatalogNotification.parse({ ...documented.request.body, ProductId: 18, SellerChain: 'cea/rihappy' })
    expect(withMore.IdSku).toBe('15')
    expect(changesPages(withMore)).toBe(true)
    const base = VtexCatalogNotification.parse(documented.request.body)
    expect(changesPages({ ...base, IsActive: true, HasStockKeepingUnitModified: false })).toBe(true)
    expect(changesPages({ ...base, IsActive: false, HasStockKeepingUnitModified: false, StockModified: true })).toBe(false)
    expect(changesPages({ ...base, IsActive: false, HasStockKeepingUnitModified: false, HasStockKeepingUnitRemovedFromAffiliate: true })).toBe(true)
  })

  it('masks the token in a logged address', () => {
    expect(redactedUrl(`/hooks/vtex/catalog?token=${TOKEN}`)).toBe('/hooks/vtex/catalog?token=…')
    expect(redactedUrl(`/hooks/vtex/catalog?a=1&token=${TOKEN}&b=2`)).toBe('/hooks/vtex/catalog?a=1&token=…&b=2')
    expect(redactedUrl(`/hooks/vtex/catalog/${TOKEN}`)).toBe('/hooks/vtex/catalog/…')
    expect(redactedUrl('/cane?page=2')).toBe('/cane?page=2')
  })

  it('is configured by VTEX_NOTIFICATION_TOKEN beside BUILD_HOOK_TOKEN and VTEX_ACCOUNT, or stops the server saying why', () => {
    expect(vtexNotificationsFromEnv({}, HOOK_TOKEN)).toBeNull()
    expect(vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: TOKEN, VTEX_ACCOUNT: 'store' }, HOOK_TOKEN)).toEqual({ token: TOKEN, account: 'store' })
    expect(() => vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: TOKEN, VTEX_ACCOUNT: 'store' }, undefined)).toThrow('needs BUILD_HOOK_TOKEN')
    expect(() => vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: 'short', VTEX_ACCOUNT: 'store' }, HOOK_TOKEN)).toThrow('at least 24')
    expect(() => vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: 'x'.repeat(101), VTEX_ACCOUNT: 'store' }, HOOK_TOKEN)).toThrow('at most 100')
    expect(() => vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: `${TOKEN}&x=1`, VTEX_ACCOUNT: 'store' }, HOOK_TOKEN)).toThrow('written into a URL')
    expect(() => vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: HOOK_TOKEN, VTEX_ACCOUNT: 'store' }, HOOK_TOKEN)).toThrow('differ from BUILD_HOOK_TOKEN')
    expect(() => vtexNotificationsFromEnv({ VTEX_NOTIFICATION_TOKEN: TOKEN }, HOOK_TOKEN)).toThrow('needs VTEX_ACCOUNT')
  })
})

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Which module a Function is served from, and how it is called: a request without a body reaches Gatsby's
 * compiled wrapper as already read (so it skips its per-call body parsers),
 * a JSON body arrives as the text fastify read, and the per-request time-out
 * leaves no timer behind once the Function has answered.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { deadline, functionModulePath, isBodiless, loadFunctions, registerFunctions, type FunctionManifestEntry, type LoadedFunction } from './functions'

describe('loadFunctions', () => {
  let site: string
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true })
    writeFileSync(path.join(site, file), text)
  }
  const entry = (over: Partial<FunctionManifestEntry>): FunctionManifestEntry => ({
    functionRoute: 'shop/hello',
    pluginName: 'default-site-plugin',
    originalRelativeFilePath: 'shop/hello.ts',
    absoluteCompiledFilePath: path.join(site, '.cache', 'functions', 'shop', 'hello.js'),
    ...over,
  })

  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), 'zampa-functions-'))
    write('.cache/functions/shop/hello.js', "module.exports = { default: (req, res) => res.json({ from: 'compiled' }) }")
    write('.cache/functions/shop/other.js', "module.exports = { default: (req, res) => res.json({ from: 'plugin' }) }")
    write('src/api/shop/hello.ts', "export default (req: unknown, res: { json(body: unknown): void }) => res.json({ from: 'source' })")
  })
  afterEach(() => rmSync(site, { recursive: true, force: true }))

  it("serves the site's own Function from its source, so the Functions share their imports", () => {
    expect(functionModulePath(site, entry({}))).toBe(path.join(site, 'src', 'api', 'shop', 'hello.ts'))
  })

  it("serves a plugin's Function, and one whose source is gone, from Gatsby's compiled bundle", () => {
    const compiled = path.join(site, '.cache', 'functions', 'shop', 'other.js')
    expect(functionModulePath(site, entry({ pluginName: 'gatsby-plugin-x', absoluteCompiledFilePath: compiled }))).toBe(compiled)
    expect(functionModulePath(site, entry({ originalRelativeFilePath: 'shop/missing.ts' }))).toBe(path.join(site, '.cache', 'functions', 'shop', 'hello.js'))
  })

  it('reads the routes from the manifest and requires each module once, on first use', () => {
    write('.cache/functions/manifest.json', JSON.stringify([entry({}), entry({ functionRoute: 'item/[id]', matchPath: 'item/:id', pluginName: 'p', absoluteCompiledFilePath: path.join(site, '.cache', 'functions', 'shop', 'other.js') })]))
    const [hello, item] = loadFunctions(site)
    expect([hello!.route, item!.route]).toEqual(['shop/hello', 'item/:id'])
    const answers: unknown[] = []
    const res = { json: (body: unknown) => answers.push(body) }
    hello!.load()({} as never, res as never)
    item!.load()({} as never, res as never)
    expect(answers).toEqual([{ from: 'source' }, { from: 'plugin' }])
    expect(hello!.load()).toBe(hello!.load())
  })

  it('serves no Function when the build has none', () => {
    expect(loadFunctions(site)).toEqual([])
  })
})

describe('isBodiless', () => {
  it.each([
    [{}, true],
    [{ 'content-length': '0' }, true],
    [{ 'content-length': '12' }, false],
    [{ 'transfer-encoding': 'chunked' }, false],
  ])('%j → %s', (headers, expected) => {
    expect(isBodiless(headers)).toBe(expected)
  })
})

describe('deadline', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('settles after its time, and leaves no timer once cleared', async () => {
    const reached = jest.fn()
    const limit = deadline(30_000)
    void limit.reached.then(reached)
    expect(jest.getTimerCount()).toBe(1)
    jest.advanceTimersByTime(30_000)
    await Promise.resolve()
    expect(reached).toHaveBeenCalled()

    deadline(30_000).clear()
    expect(jest.getTimerCount()).toBe(0)
  })
})

describe('registerFunctions', () => {
  let app: FastifyInstance
  let base: string
  const seen: { method?: string; readableEnded: boolean; body: unknown }[] = []
  const addresses: unknown[] = []

  beforeAll(async () => {
    app = Fastify()
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    // Like Gatsby's wrapper: it looks at readableEnded to decide whether to run its body parsers.
    const handler = (req: IncomingMessage & { body?: unknown; ip?: unknown }, res: { json(body: unknown): unknown }) => {
      seen.push({ method: req.method, readableEnded: req.readableEnded, body: req.body })
      addresses.push(req.ip)
      res.json({ ok: true })
    }
    const functions: LoadedFunction[] = [{ route: 'probe', load: () => handler as never }]
    registerFunctions(app, functions)
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  })

  afterAll(() => app.close())
  beforeEach(() => {
    seen.length = 0
    addresses.length = 0
  })

  it('a GET reaches the Function with nothing left to read', async () => {
    const answer = await fetch(`${base}/api/probe?x=1`)
    expect(await answer.json()).toEqual({ ok: true })
    expect(seen).toEqual([{ method: 'GET', readableEnded: true, body: undefined }])
  })

  it('a POST reaches it with the JSON text fastify read', async () => {
    const answer = await fetch(`${base}/api/probe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })
    expect(answer.status).toBe(200)
    expect(seen).toEqual([{ method: 'POST', readableEnded: true, body: '{"a":1}' }])
  })

  it("hands the Function the client's address as the server reads it (req.ip), for the platform's limits per shopper", async () => {
    expect((await fetch(`${base}/api/probe`, { headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(200)
    // This server trusts no proxy: the header is not believed, the connection's address is.
    expect(addresses).toEqual(['127.0.0.1'])
  })

  it('answers many calls in a row on one kept-alive connection', async () => {
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${base}/api/probe`)).status).toBe(200)
    expect(seen).toHaveLength(20)
  })
})

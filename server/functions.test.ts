/**
 * How a Function is called: a request without a body reaches Gatsby's
 * compiled wrapper as already read (so it skips its per-call body parsers),
 * a JSON body arrives as the text fastify read, and the per-request time-out
 * leaves no timer behind once the Function has answered.
 */
import type { IncomingMessage } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import { deadline, isBodiless, registerFunctions, type LoadedFunction } from './functions'

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

  beforeAll(async () => {
    app = Fastify()
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))
    // Like Gatsby's wrapper: it looks at readableEnded to decide whether to run its body parsers.
    const handler = (req: IncomingMessage & { body?: unknown }, res: { json(body: unknown): unknown }) => {
      seen.push({ method: req.method, readableEnded: req.readableEnded, body: req.body })
      res.json({ ok: true })
    }
    const functions: LoadedFunction[] = [{ route: 'probe', load: () => handler as never }]
    registerFunctions(app, functions)
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  })

  afterAll(() => app.close())
  beforeEach(() => (seen.length = 0))

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

  it('answers many calls in a row on one kept-alive connection', async () => {
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${base}/api/probe`)).status).toBe(200)
    expect(seen).toHaveLength(20)
  })
})

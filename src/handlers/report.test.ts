import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { GatsbyFunctionResponse } from 'gatsby'
import { CommerceError } from '../commerce/errors'
import { sendError } from './errorAnswer'
import { flushReports, reportFunctionError, resetReporter } from './report'

/** A stand-in for the error-reporting service: keeps every envelope it is sent. */
let collector: http.Server
const envelopes: { path: string; items: Record<string, unknown>[] }[] = []

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean)
      envelopes.push({ path: request.url ?? '', items: lines.map((line) => JSON.parse(line) as Record<string, unknown>) })
      response.end('{}')
    })
  })
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  delete process.env.SENTRY_DSN
  delete process.env.SENTRY_SAMPLE_RATE
  await resetReporter()
  collector.closeAllConnections()
  await new Promise((resolve) => collector.close(resolve))
})

beforeEach(async () => {
  envelopes.length = 0
  await resetReporter()
  process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${(collector.address() as AddressInfo).port}/7`
  process.env.SENTRY_SAMPLE_RATE = '1'
})

const events = () => envelopes.flatMap((e) => e.items.filter((item) => 'exception' in item))

function fakeResponse(): GatsbyFunctionResponse & { sent: { status: number; body: unknown } } {
  const res = { sent: { status: 0, body: undefined as unknown } } as GatsbyFunctionResponse & { sent: { status: number; body: unknown } }
  res.status = ((code: number) => {
    res.sent.status = code
    return res
  }) as never
  res.json = ((body: unknown) => {
    res.sent.body = body
    return res
  }) as never
  return res
}

describe('reportFunctionError', () => {
  it("sends the failure to the service's envelope endpoint, tagged with the Function and nothing personal", async () => {
    reportFunctionError(new Error('no cart for mario.rossi@example.it'), '/api/checkout/addCartItem?orderFormId=abc')
    await flushReports()
    expect(envelopes.map((e) => e.path.split('?')[0])).toEqual(['/api/7/envelope/'])
    const [event] = events() as { tags: Record<string, string>; environment: string; user?: unknown; exception: { values: { value: string }[] } }[]
    expect(event!.tags).toEqual({ where: 'function', function: '/api/checkout/addCartItem' })
    expect(event!.environment).toBe('production')
    expect(event!.user).toBeUndefined()
    expect(event!.exception.values[0]!.value).toBe('no cart for [email]')
  })

  it('sends nothing without a DSN, and nothing when sampled out', async () => {
    delete process.env.SENTRY_DSN
    reportFunctionError(new Error('x'), '/api/a')
    await flushReports()
    await resetReporter()
    process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${(collector.address() as AddressInfo).port}/7`
    process.env.SENTRY_SAMPLE_RATE = '0'
    reportFunctionError(new Error('y'), '/api/b')
    await flushReports()
    expect(events()).toEqual([])
  })

  it('is what sendError does with an unexpected failure or a 5xx, never with a refusal', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    sendError(fakeResponse(), new TypeError('bug'), '/api/checkout/getCartInformation')
    sendError(fakeResponse(), new CommerceError(503, 'backend_unavailable', 'commerce platform unreachable'), '/api/search/results')
    const refused = fakeResponse()
    sendError(refused, new CommerceError(422, 'unprocessable', 'too many'), '/api/checkout/addCartItem')
    expect(refused.sent.status).toBe(422)
    await flushReports()
    expect((events() as { tags: Record<string, string> }[]).map((e) => e.tags.function).sort()).toEqual(['/api/checkout/getCartInformation', '/api/search/results'])
  })
})

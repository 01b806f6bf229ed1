import { z } from '../../wire/zod'
import { AnswerError } from './client'
import { createRequest, request as functionsRequest, RequestError } from './graphql'

function fakeFetch(status: number, body: unknown) {
  return jest.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))
}

/** A table with a Query operation, which the Functions' own table does not have yet. */
const request = createRequest(() => ({
  ValidateCartMutation: { variables: z.object({ a: z.number() }), data: z.object({ ok: z.boolean() }) },
  ProductsQuery: { variables: z.object({ first: z.number() }), data: z.object({ n: z.number() }) },
  ValidateSession: { variables: z.object({}), data: z.object({}) },
}))

describe('the GraphQL-style request helper', () => {
  it('POSTs mutations with the operation name in the query string and in the body', async () => {
    const fetch = fakeFetch(200, { data: { ok: true } })
    await expect(request('ValidateCartMutation', { a: 1 }, { fetch: fetch as unknown as typeof globalThis.fetch })).resolves.toEqual({ ok: true })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/graphql?operationName=ValidateCartMutation')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ operationName: 'ValidateCartMutation', variables: { a: 1 } })
  })

  it('GETs operations whose name ends in Query, with JSON variables in the query string', async () => {
    const fetch = fakeFetch(200, { data: { n: 1 } })
    await request('ProductsQuery', { first: 2 }, { fetch: fetch as unknown as typeof globalThis.fetch })
    const [url, init] = fetch.mock.calls[0]!
    const parsed = new URL(url, 'http://x')
    expect(init?.method).toBe('GET')
    expect(parsed.searchParams.get('operationName')).toBe('ProductsQuery')
    expect(JSON.parse(parsed.searchParams.get('variables')!)).toEqual({ first: 2 })
    expect(init?.body).toBeUndefined()
  })

  it('throws the first error of an answer, with the status', async () => {
    const fetch = fakeFetch(400, { errors: [{ message: 'first' }, { message: 'second' }] })
    const failure = request('ValidateSession', {}, { fetch: fetch as unknown as typeof globalThis.fetch })
    await expect(failure).rejects.toThrow('first')
    await expect(failure).rejects.toBeInstanceOf(RequestError)
    await expect(failure).rejects.toMatchObject({ status: 400 })
  })

  it('throws when an answer has no data', async () => {
    const fetch = fakeFetch(502, {})
    await expect(request('ValidateSession', {}, { fetch: fetch as unknown as typeof globalThis.fetch })).rejects.toMatchObject({ status: 502 })
  })

  it("parses the data with the operation's schema and refuses data of another shape", async () => {
    const fetch = fakeFetch(200, { data: { ok: 'yes' } })
    const failure = request('ValidateCartMutation', { a: 1 }, { fetch: fetch as unknown as typeof globalThis.fetch })
    await expect(failure).rejects.toBeInstanceOf(AnswerError)
    await expect(failure).rejects.toMatchObject({ status: 502, answeredStatus: 200, message: expect.stringMatching(/ok/) })
  })

  it('refuses a 200 answer without data as unreadable', async () => {
    const fetch = jest.fn(async () => new Response('<html>proxy</html>', { status: 200 }))
    await expect(request('ValidateSession', {}, { fetch: fetch as unknown as typeof globalThis.fetch })).rejects.toBeInstanceOf(AnswerError)
  })

  it("checks the Functions' operations against their data schemas", async () => {
    const notACart = fakeFetch(200, { data: { validateCart: { order: { orderNumber: 'of1', acceptedOffer: [{ id: 'x' }] }, messages: [] } } })
    const variables = { cart: { order: { orderNumber: 'of1', acceptedOffer: [] } } }
    await expect(functionsRequest('ValidateCartMutation', variables, { fetch: notACart as unknown as typeof globalThis.fetch })).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/validateCart\.order\.acceptedOffer\.0/),
    })
    const none = fakeFetch(200, { data: { validateCart: null } })
    await expect(functionsRequest('ValidateCartMutation', variables, { fetch: none as unknown as typeof globalThis.fetch })).resolves.toEqual({ validateCart: null })
  })
})

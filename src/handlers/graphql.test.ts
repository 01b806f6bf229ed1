/**
 * /api/graphql through the pipeline every Function shares, over a stand-in
 * commerce: what tests/functions cannot reach against a healthy platform
 * (an unexpected failure, a refusal carrying Retry-After, the cookies of a
 * failed call) and the variables of an operation read with GET, which no
 * operation of the table uses yet.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import graphql from '../api/graphql'
import { CommerceError } from '../commerce/errors'
import type { RequestContext } from '../domain/types'
import { variablesFromQuery } from './graphql'

let mockPerson: (ctx: RequestContext) => Promise<unknown>
const mockProfile = jest.fn(async () => null)

jest.mock('../commerce', () => ({
  getCommerce: () => ({
    identity: { session: { person: (ctx: RequestContext) => mockPerson(ctx), profile: mockProfile, addresses: async () => [] } },
  }),
}))

const session = { locale: 'it-IT', currency: { code: 'EUR', symbol: '€' }, country: 'ITA', channel: null, postalCode: null, person: null }

interface Sent {
  status: number
  body: unknown
  headers: Record<string, unknown>
}

async function send({ method = 'POST', query = { operationName: 'ValidateSession' }, body, headers = {} }: { method?: string; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> }): Promise<Sent> {
  const sent: Sent = { status: 0, body: undefined, headers: {} }
  const res = {
    setHeader: (name: string, value: unknown) => {
      sent.headers[name.toLowerCase()] = value
      return res
    },
    status: (code: number) => {
      sent.status = code
      return res
    },
    json: (value: unknown) => {
      sent.body = value
      return res
    },
  }
  const text = body === undefined ? undefined : JSON.stringify(body)
  const req = { method, url: '/api/graphql', query, body: text, headers: { host: 'shop.test', ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers } }
  await graphql(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse)
  return sent
}

const validateSession = { operationName: 'ValidateSession', variables: { session, search: '' } }

beforeEach(() => {
  mockPerson = async () => null
})

describe('/api/graphql', () => {
  it('answers data, never cached', async () => {
    const answer = await send({ body: validateSession })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ data: { validateSession: { person: null } } })
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it("answers another method 405 naming the operation's, with Allow, in GraphQL's error shape", async () => {
    const answer = await send({ method: 'GET' })
    expect([answer.status, answer.headers.allow]).toEqual([405, 'POST'])
    expect(answer.body).toEqual({ errors: [{ message: 'ValidateSession must be sent with POST', extensions: { code: 'method_not_allowed', status: 405 } }] })
  })

  it('refuses a page of another origin before reading the body or resolving', async () => {
    let resolved = false
    mockPerson = async () => {
      resolved = true
      return null
    }
    const answer = await send({ body: '{nope', headers: { origin: 'https://elsewhere.test' } })
    expect([answer.status, (answer.body as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code]).toEqual([403, 'foreign_origin'])
    expect(resolved).toBe(false)
  })

  it('passes on a refusal with its Retry-After, and keeps the cookies the backend issued meanwhile', async () => {
    mockPerson = async (ctx) => {
      ctx.issued = [{ name: 'pf_cart', value: 'k', maxAgeSeconds: 60, secure: false }]
      throw new CommerceError(429, 'too_many_requests', 'slow down', 30)
    }
    const answer = await send({ body: validateSession })
    expect(answer.status).toBe(429)
    expect(answer.headers['retry-after']).toBe('30')
    expect(answer.headers['set-cookie']).toEqual(['pf_cart=k; Path=/; Max-Age=60; HttpOnly; SameSite=Lax'])
    expect(answer.body).toEqual({ errors: [{ message: 'slow down', extensions: { code: 'too_many_requests', status: 429 } }] })
  })

  it('answers an unexpected failure 500 naming nothing of it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    mockPerson = async () => {
      throw new TypeError('secret detail')
    }
    const answer = await send({ body: validateSession })
    expect(answer.status).toBe(500)
    expect(answer.body).toEqual({ errors: [{ message: 'internal error', extensions: { code: 'internal', status: 500 } }] })
    logged.mockRestore()
  })
})

describe('the variables of an operation read with GET', () => {
  it('are JSON in the query string, none when absent', () => {
    expect(variablesFromQuery(undefined)).toEqual({})
    expect(variablesFromQuery('')).toEqual({})
    expect(variablesFromQuery('{"first":2}')).toEqual({ first: 2 })
  })

  it('answer 400 when they are not one JSON text', () => {
    expect(() => variablesFromQuery(['{}', '{}'])).toThrow(expect.objectContaining({ status: 400, message: 'variables must be a JSON string' }))
    expect(() => variablesFromQuery('{nope')).toThrow(expect.objectContaining({ status: 400, message: 'variables is not valid JSON' }))
  })
})

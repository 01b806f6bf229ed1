/**
 * The fixed security headers are a precomputed table; this proves the table
 * is exactly what helmet sent with the options the server used before, on a
 * JSON answer, a page that sets its own policy and a refusal.
 */
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { FIXED_HEADERS, NON_PAGE_POLICY, pagePolicy, registerSecurityHeaders } from './security'

const VOLATILE = new Set(['date', 'connection', 'content-length', 'keep-alive'])

async function serverWith(register: (app: FastifyInstance) => Promise<void> | void): Promise<FastifyInstance> {
  const app = Fastify()
  await register(app)
  app.get('/json', async (_request, reply) => reply.type('application/json; charset=utf-8').send('{"ok":true}'))
  app.get('/page', async (_request, reply) => reply.header('content-security-policy', "default-src 'self'").type('text/html').send('<p>ciao</p>'))
  app.get('/strip', async (_request, reply) => {
    reply.removeHeader('content-security-policy')
    return reply.header('x-powered-by', 'Express').header('access-control-allow-origin', '*').send('')
  })
  return app
}

const bases = new Map<FastifyInstance, string>()

const headersOf = async (app: FastifyInstance, url: string) => {
  const answer = await fetch(`${bases.get(app)}${url}`)
  await answer.arrayBuffer()
  return Object.fromEntries([...answer.headers].filter(([name]) => !VOLATILE.has(name)))
}

describe('security headers', () => {
  let ours: FastifyInstance
  let helmeted: FastifyInstance

  beforeAll(async () => {
    ours = await serverWith(registerSecurityHeaders)
    // What the server registered before the table: helmet with these options, then the same onSend policy.
    helmeted = await serverWith(async (app) => {
      await app.register(helmet, {
        contentSecurityPolicy: false,
        hsts: false,
        frameguard: { action: 'sameorigin' },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginResourcePolicy: { policy: 'same-site' },
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      })
      app.addHook('onSend', async (_request, reply, payload) => {
        reply.removeHeader('access-control-allow-origin')
        reply.removeHeader('x-powered-by')
        if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', NON_PAGE_POLICY)
        return payload
      })
    })
    for (const app of [ours, helmeted]) bases.set(app, await app.listen({ host: '127.0.0.1', port: 0 }))
  })

  afterAll(async () => {
    await ours.close()
    await helmeted.close()
  })

  it.each(['/json', '/page', '/strip', '/nowhere'])('%s answers exactly the headers helmet answered', async (url) => {
    expect(await headersOf(ours, url)).toEqual(await headersOf(helmeted, url))
  })

  it('a JSON answer carries every fixed header and the non-page policy', async () => {
    const headers = await headersOf(ours, '/json')
    expect(headers).toMatchObject(FIXED_HEADERS)
    expect(headers['content-security-policy']).toBe(NON_PAGE_POLICY)
  })

  it('a page keeps its own policy; a route that drops the policy gets the non-page one back, and never CORS or X-Powered-By', async () => {
    expect((await headersOf(ours, '/page'))['content-security-policy']).toBe("default-src 'self'")
    const stripped = await headersOf(ours, '/strip')
    expect(stripped['content-security-policy']).toBe(NON_PAGE_POLICY)
    expect(stripped['x-powered-by']).toBeUndefined()
    expect(stripped['access-control-allow-origin']).toBeUndefined()
  })
})

describe('pagePolicy', () => {
  const options = { frameAncestors: [], scriptSources: [], platformOrigins: ['https://piattaforma.zampa.it'], connectOrigins: [] }

  it('lets pages show the store’s pictures from its image hosts', () => {
    const policy = pagePolicy({ ...options, imageOrigins: ['https://petstore.vtexassets.com', 'https://petstore.vteximg.com.br'] }, [])
    expect(policy).toContain("; img-src 'self' data: https://piattaforma.zampa.it https://petstore.vtexassets.com https://petstore.vteximg.com.br; ")
  })

  it('never writes a source that would start another source or directive', () => {
    const policy = pagePolicy({ ...options, imageOrigins: ['https://cdn.example.it; script-src *', 'https://a.example.it https://b.example.it', 'https://ok.example.it'] }, [])
    expect(policy).toContain("; img-src 'self' data: https://piattaforma.zampa.it https://ok.example.it; ")
    expect(policy.split('; ').map((directive) => directive.split(' ')[0])).toEqual(pagePolicy(options, []).split('; ').map((directive) => directive.split(' ')[0]))
    expect(policy).not.toContain('cdn.example.it')
  })
})

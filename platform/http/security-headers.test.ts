/**
 * The platform's fixed security headers are a table computed once; this
 * proves the table is exactly what @fastify/helmet sent with the options the
 * platform registered it with before, for each combination that changes it.
 */
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import { securityHeaders } from './security'

const VOLATILE = new Set(['date', 'connection', 'content-length', 'keep-alive'])
const STYLE_HASH = "'sha256-abc='"

async function serve(register: (app: FastifyInstance) => Promise<void> | void): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify()
  await register(app)
  app.get('/api/thing', async () => ({ ok: true }))
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>ciao</p>'))
  return { app, base: await app.listen({ host: '127.0.0.1', port: 0 }) }
}

async function headersOf(base: string, url: string): Promise<Record<string, string>> {
  const answer = await fetch(`${base}${url}`)
  await answer.arrayBuffer()
  return Object.fromEntries([...answer.headers].filter(([name]) => !VOLATILE.has(name)))
}

describe.each([
  { secureCookies: false, trustedOrigins: [] },
  { secureCookies: true, trustedOrigins: ['https://negozio.example', 'http://127.0.0.1:9000'] },
])('security headers with %j', (options) => {
  let ours: { app: FastifyInstance; base: string }
  let helmeted: { app: FastifyInstance; base: string }

  beforeAll(async () => {
    const table = securityHeaders({ ...options, styleHash: STYLE_HASH })
    ours = await serve((app) => {
      app.addHook('onRequest', (_request, reply, done) => {
        void reply.headers(table)
        done()
      })
    })
    // What the platform registered before the table.
    helmeted = await serve(async (app) => {
      await app.register(helmet, {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'none'"],
            styleSrc: [STYLE_HASH],
            imgSrc: ["'self'", 'data:'],
            formAction: ["'self'", ...options.trustedOrigins],
            frameAncestors: ["'none'"],
            baseUri: ["'none'"],
          },
        },
        frameguard: { action: 'deny' },
        hsts: options.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginResourcePolicy: { policy: 'same-site' },
      })
    })
  })

  afterAll(async () => {
    await ours.app.close()
    await helmeted.app.close()
  })

  it.each(['/api/thing', '/page', '/nowhere'])('%s answers exactly what helmet answered', async (url) => {
    expect(await headersOf(ours.base, url)).toEqual(await headersOf(helmeted.base, url))
  })

  it('runs no script, frames nowhere, and sends HSTS only with secure cookies', async () => {
    const headers = await headersOf(ours.base, '/page')
    expect(headers['content-security-policy']).toContain("default-src 'none'")
    expect(headers['content-security-policy']).not.toContain('script-src')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['strict-transport-security'] !== undefined).toBe(options.secureCookies)
  })
})

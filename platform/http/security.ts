/**
 * The platform's defences against forged requests and framing:
 * - security headers on every answer (what helmet sends with these options,
 *   computed once into a table): a CSP that runs no script at all, frames
 *   nowhere (login, account and checkout are never framed), nosniff, a
 *   referrer policy; HSTS when the public URL is https;
 * - `Cache-Control: no-store` on every answer that sets none itself (carts,
 *   sessions, pages: a shopper's data), so no cache keeps them;
 * - state-changing requests from a page of another origin are refused
 *   (`Origin` / `Sec-Fetch-Site`), except from the trusted origins (the
 *   storefront, whose logout form posts here);
 * - the API reads JSON only: a cross-site form cannot reach it;
 * - the login, registration, checkout and account forms carry a CSRF token
 *   (@fastify/csrf-protection, its secret in a signed, HttpOnly cookie);
 * - the client address the limits count is the connection's, or what a proxy
 *   of PLATFORM_TRUST_PROXY says, or the shopper's the storefront names with
 *   its proof (PLATFORM_PROXY_SECRET); anyone else's X-Forwarded-For is ignored.
 */
import { createHash, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import type {} from '@fastify/cookie'
import csrf from '@fastify/csrf-protection'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isForeignRequest as isForeignFrom, originOf } from '../../http/origin'
import { matchesSecret } from '../../http/secret'
import { html, layout } from '../screens/html'

export const CSRF_FIELD = '_csrf'

export interface SecurityOptions {
  /** Origins besides the platform's own whose pages may post to it. */
  trustedOrigins: readonly string[]
  /** The platform's own public origin. */
  publicOrigin: () => string
  secureCookies: boolean
  /** The form-token cookie's name in this deployment (see platformCookieNames). */
  csrfCookie: string
  /** Hash of the screens' one inline stylesheet, so styles need no 'unsafe-inline'. */
  styleHash: string
  /** The secret the storefront proves itself with (PLATFORM_PROXY_SECRET); null believes no storefront. */
  proxySecret: string | null
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function styleHashOf(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
}

/** PLATFORM_TRUSTED_ORIGINS: comma-separated origins (the storefront's). */
export function trustedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PLATFORM_TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean)
}

/**
 * PLATFORM_TRUST_PROXY: the proxies in front of the platform (a balancer that
 * browsers reach the login and account pages through), whose X-Forwarded-For
 * the platform believes about the client's address, which its limits on
 * logins, registrations and guest-order lookups count by. Addresses or CIDRs,
 * comma-separated, or a hop count. Unset or `false`: no one, so the address is
 * the connection's. An address names a process only where nothing else can
 * connect from it: on one host every process is loopback, which is why the
 * storefront proves itself with a secret instead (PLATFORM_PROXY_SECRET).
 */
export function trustProxyFromEnv(env: NodeJS.ProcessEnv = process.env): string[] | number | false {
  const raw = (env.PLATFORM_TRUST_PROXY ?? '').trim()
  if (raw === '' || raw === 'false') return false
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw.split(',').map((item) => item.trim()).filter(Boolean)
}

/** The header the storefront's client sends the shared secret in (src/commerce/embedded/client.ts names it too). */
export const STOREFRONT_PROOF_HEADER = 'x-storefront-proof'
/** Long enough that no one guesses it, one request at a time, before it is changed. */
export const PROXY_SECRET_MIN_LENGTH = 32

/**
 * PLATFORM_PROXY_SECRET: the secret the platform and the storefront's servers
 * share. A request carrying it in STOREFRONT_PROOF_HEADER comes from the
 * storefront, whose X-Forwarded-For names the shopper; unset, no request is
 * believed about a shopper. Shorter than PROXY_SECRET_MIN_LENGTH stops the start.
 */
export function proxySecretFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const secret = (env.PLATFORM_PROXY_SECRET ?? '').trim()
  if (secret === '') return null
  if (secret.length < PROXY_SECRET_MIN_LENGTH) {
    throw new Error(`PLATFORM_PROXY_SECRET must be at least ${PROXY_SECRET_MIN_LENGTH} characters, got ${secret.length} (a random one: openssl rand -base64 32)`)
  }
  return secret
}


/** True when `proof` is the secret (http/secret.ts). */
export function provesStorefront(proof: string | string[] | undefined, secret: string | null): boolean {
  return secret !== null && matchesSecret(proof, secret)
}

/**
 * The shopper a proved request names. Walking X-Forwarded-For back from the
 * connection, fastify's `ips` stops at the first hop PLATFORM_TRUST_PROXY does
 * not name: the storefront, which the proof vouches for, so its entry (the
 * shopper's address it wrote) is taken. A proxy between the storefront and
 * the platform that adds the storefront's address is stepped over when it is
 * named in PLATFORM_TRUST_PROXY.
 */
export function provedClientAddress(request: FastifyRequest): string | undefined {
  const header = request.raw.headers['x-forwarded-for']
  const forwarded = (typeof header === 'string' ? header : '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse()
  const chain = [request.socket.remoteAddress, ...forwarded]
  const trusted = request.ips ?? [request.ip]
  const address = chain[Math.min(trusted.length, chain.length - 1)]
  return typeof address === 'string' && isIP(address) ? address : undefined
}

/**
 * Makes `request.ip`, which every limit counts by, the shopper's address when
 * the request proves it comes from the storefront. Any other request keeps
 * fastify's: the connection's address, or a trusted proxy's word. The proof is
 * taken off the request here, so no route or log sees the secret.
 */
export function believeStorefront(app: FastifyInstance, secret: string | null): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const proof = request.raw.headers[STOREFRONT_PROOF_HEADER]
    if (proof !== undefined) {
      delete request.raw.headers[STOREFRONT_PROOF_HEADER]
      const address = provesStorefront(proof, secret) ? provedClientAddress(request) : undefined
      // An own property of this request: fastify computes `ip` in a getter of every request's prototype.
      if (address) Object.defineProperty(request, 'ip', { value: address, enumerable: true })
    }
    done()
  })
}

/**
 * True when a browser says the request comes from a page of another origin
 * (http/origin.ts); this request's own origin takes the scheme of the
 * connection. A request without `Origin` and `Sec-Fetch-Site` comes from no
 * browser (the storefront's Functions, scripts) and is not foreign.
 */
export function isForeignRequest(request: FastifyRequest, trusted: readonly string[]): boolean {
  return isForeignFrom(request.headers, originOf(`${request.protocol}://${request.headers.host ?? ''}`), trusted)
}

/**
 * The headers every answer carries, computed once from the options. They are
 * what helmet 8 sends with a CSP of exactly these directives, `frameguard:
 * deny`, HSTS for a year with subdomains when cookies are secure, `referrerPolicy:
 * strict-origin-when-cross-origin` and `crossOriginResourcePolicy: same-site`
 * (a test compares both); @fastify/helmet rebuilt helmet and its policy on
 * every request.
 */
export function securityHeaders(options: Pick<SecurityOptions, 'trustedOrigins' | 'secureCookies' | 'styleHash'>): Readonly<Record<string, string>> {
  const policy = [
    `default-src 'none'`,
    `style-src ${options.styleHash}`,
    `img-src 'self' data:`,
    // After login the form's redirect goes back to the storefront.
    ['form-action', "'self'", ...options.trustedOrigins].join(' '),
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
  ].join(';')
  return Object.freeze({
    'content-security-policy': policy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.secureCookies ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  })
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  believeStorefront(app, options.proxySecret)
  const trusted = () => [options.publicOrigin(), ...options.trustedOrigins]
  const headers = securityHeaders(options)
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers)
    done()
  })
  await app.register(csrf, {
    cookieKey: options.csrfCookie,
    cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, signed: true, secure: options.secureCookies },
    getToken: (request) => {
      const value = (request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]
      return typeof value === 'string' ? value : ''
    },
  })

  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return
    if (isForeignRequest(request, trusted())) {
      return refuse(request, reply, 403, 'FOREIGN_ORIGIN', 'cross-origin request refused')
    }
    const contentType = request.headers['content-type']
    if (request.url.startsWith('/api/') && contentType && contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return refuse(request, reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'the API reads application/json only')
    }
  })
  // A callback hook: an async one costs a promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store')
    done(null, payload)
  })
}

/** A refusal: JSON for the API, an Italian page for the forms. */
export function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  if (request.url.startsWith('/api/')) return reply.code(status).send({ error: { code, message } })
  const page = layout(
    'Richiesta non valida',
    html`<div class="card" data-testid="form-refused"><h1>Richiesta non valida</h1><p>Il modulo è scaduto o non è stato inviato da questo sito. Torna indietro, ricarica la pagina e riprova.</p><p><a href="/login">Vai all'accesso</a></p></div>`,
  )
  return reply.code(status).type('text/html; charset=utf-8').send(page)
}

/** csrfProtection's failures (FST_CSRF_*), answered as a refusal. */
export function isCsrfFailure(error: { code?: string }): boolean {
  return typeof error.code === 'string' && error.code.startsWith('FST_CSRF_')
}

/** A random secret for signing cookies when PLATFORM_COOKIE_SECRET is not set (form tokens then last one process). */
export function cookieSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.PLATFORM_COOKIE_SECRET || randomBytes(32).toString('hex')
}

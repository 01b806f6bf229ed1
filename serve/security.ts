/**
 * The storefront's security headers. The fixed ones (X-Content-Type-Options,
 * Referrer-Policy, X-Frame-Options, COOP, CORP and friends: what helmet sends
 * with this site's options) are one precomputed table set on every answer in
 * a single call; the Content-Security-Policy is built here per HTML answer,
 * because Gatsby inlines a few scripts in every page (the page path, the
 * chunk map, ours: the early taps, the consent) and the policy allows exactly
 * those by their SHA-256 hash, never with 'unsafe-inline'. HSTS is sent only
 * on answers that went out over https.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export interface SecurityOptions {
  /** Origins that may frame the pages besides the site itself (the mobile app's webview shell). */
  frameAncestors: readonly string[]
  /** External script URLs pages may load (the booking provider's, from cms/services-booking.json). */
  scriptSources: readonly string[]
  /** Origins pages load images from and post forms to (the commerce platform). */
  platformOrigins: readonly string[]
  /** Origins pages load product pictures from besides those (a VTEX store's asset hosts). */
  imageOrigins?: readonly string[]
  /** Origins the pages may send requests to besides the site (the error reporter). */
  connectOrigins: readonly string[]
}

/** The executable inline scripts of an HTML page (JSON-LD and other data blocks are not run, so not listed). */
export function inlineScriptHashes(page: string): string[] {
  const hashes = new Set<string>()
  for (const match of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

const isSource = (source: string) => source !== '' && !/[\s;,]/.test(source)

/** The policy of one HTML page, allowing its own inline scripts by hash. */
export function pagePolicy(options: SecurityOptions, scriptHashes: readonly string[]): string {
  // Configuration refuses such a source first; a space, `;` or `,` would start another source or directive.
  const list = (...sources: readonly (string | readonly string[])[]) => [...new Set(sources.flat())].filter(isSource).join(' ')
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", options.scriptSources, scriptHashes)}`,
    // styled-components and React style attributes: inline styles, never inline scripts.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', options.platformOrigins, options.imageOrigins ?? [])}`,
    `font-src 'self' data:`,
    `connect-src ${list("'self'", options.connectOrigins)}`,
    `form-action ${list("'self'", options.platformOrigins)}`,
    `frame-ancestors ${list("'self'", options.frameAncestors)}`,
    `base-uri 'self'`,
    `object-src 'none'`,
    `manifest-src 'self'`,
    `worker-src 'self'`,
  ].join('; ')
}

/** What any answer that is not a page gets: nothing may run or embed it. */
export const NON_PAGE_POLICY = `default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`

/**
 * The service worker's own policy (a worker obeys the CSP it was served with): it imports no script
 * and fetches only from the site itself, never the platform or anyone else.
 */
export const WORKER_POLICY = `default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`

/**
 * The headers every answer carries, whatever it is. They are what helmet 8
 * sends with `frameguard: sameorigin`, `referrerPolicy:
 * strict-origin-when-cross-origin`, `crossOriginResourcePolicy: same-site`,
 * `crossOriginOpenerPolicy: same-origin-allow-popups` and neither CSP nor
 * HSTS (both set below); helmet rebuilt and set them one by one on every
 * request through its middleware, a fixed table costs one call.
 */
export const FIXED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
})

export function registerSecurityHeaders(app: FastifyInstance): void {
  // Set before any handler runs, so a route may still override one (as pages do with their CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(FIXED_HEADERS)
    done()
  })
  // Callback hooks: an async hook costs a promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    applyTransportHeaders(request, reply)
    if (!reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', NON_PAGE_POLICY)
    done(null, payload)
  })
}

/** HSTS only over https (directly or as the trusted proxy says); never answer with wildcard CORS. */
export function applyTransportHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
  reply.removeHeader('access-control-allow-origin')
  reply.removeHeader('x-powered-by')
}

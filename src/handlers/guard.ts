/**
 * What every Function refuses before reading its input: a state-changing
 * request from a page of another origin (403), and a body that is not
 * `application/json` in UTF-8 (415). A form or a `no-cors` fetch from another
 * site can only send text/plain, urlencoded or multipart bodies, and a JSON
 * body sent from another origin needs a preflight this site never grants.
 */
import type { GatsbyFunctionRequest } from 'gatsby'
import { foreignOrigin, unsupportedMediaType } from '../commerce/errors'
import { runtimeEnv } from '../commerce/runtimeEnv'
import { charsetProblem } from '../wire/charset'
import { isForeignRequest, originOf, single } from '../../http/origin'

type RequestHeaders = GatsbyFunctionRequest['headers']

export { isForeignRequest }

/** What the guard reads of a Function's request. */
export interface GuardedRequest {
  method?: string
  headers: RequestHeaders
  body?: unknown
  /** The full address as the server saw it, scheme and host included: Gatsby's field for adapters, which the production server fills. */
  rawUrl?: string
  /** The scheme as the server decided it: express's `req.protocol` under `gatsby serve` and `develop`. */
  protocol?: string
  /** The connection: a TLS socket says `encrypted`. */
  socket?: object | null
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function guardRequest(req: GuardedRequest): void {
  const method = (req.method ?? 'GET').toUpperCase()
  if (!STATE_CHANGING.has(method)) return
  if (isForeignRequest(req.headers, ownOrigin(req), trustedOrigins())) throw foreignOrigin()
  const problem = jsonBodyProblem(req.headers['content-type'], hasBody(req.body))
  if (problem) throw unsupportedMediaType(problem)
}

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded'

/**
 * What a form Function (src/wire/routes.ts `formRoutes`) refuses before
 * reading the form (req SEC-01, CART-30). A form is the one body a page of
 * another site can send without asking, so it is taken only from a browser
 * that names this site as the page that sent it: in `Origin`, which every
 * current browser sends with a form's POST, or, without it, in
 * `Sec-Fetch-Site: same-origin`. A request naming neither is refused too,
 * unlike on the JSON Functions (403). The body must be
 * application/x-www-form-urlencoded in UTF-8 (415).
 */
export function guardFormPost(req: Pick<GuardedRequest, 'headers' | 'rawUrl' | 'protocol' | 'socket'>): void {
  if (isForeignRequest(req.headers, ownOrigin(req), trustedOrigins()) || !namesItsPage(req.headers)) throw foreignOrigin()
  const problem = formBodyProblem(req.headers['content-type'])
  if (problem) throw unsupportedMediaType(problem)
}

function namesItsPage(headers: RequestHeaders): boolean {
  return single(headers.origin) !== undefined || single(headers['sec-fetch-site']) === 'same-origin'
}

/** Why a form's Content-Type is refused, or null for a urlencoded form in UTF-8. */
export function formBodyProblem(contentType: string | undefined): string | null {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== FORM_MEDIA_TYPE) return `Content-Type ${mediaType || '(none)'} is not accepted, send ${FORM_MEDIA_TYPE}`
  return charsetProblem(contentType ?? '')
}

/**
 * SITE_ORIGINS (comma-separated, read when the Function runs): origins whose
 * pages may change state besides the one the request was sent to, for a CDN
 * or proxy that rewrites the Host header.
 */
export function trustedOrigins(env: NodeJS.ProcessEnv = runtimeEnv()): string[] {
  return (env.SITE_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean)
}

/**
 * The origin the request was sent to: scheme, host and port. The scheme is
 * the server's word, never a header's: the full address the server recorded
 * (`rawUrl`; the production server takes its scheme from the connection, or
 * from X-Forwarded-Proto only behind a proxy TRUST_PROXY names), else
 * `protocol` as express decides it the same way, else the connection itself.
 * Null when the request names no usable host.
 */
export function ownOrigin(req: Pick<GuardedRequest, 'headers' | 'rawUrl' | 'protocol' | 'socket'>): string | null {
  const recorded = req.rawUrl === undefined ? null : originOf(req.rawUrl)
  if (recorded) return recorded
  const host = single(req.headers.host)
  if (!host) return null
  const encrypted = Boolean(req.socket && 'encrypted' in req.socket && req.socket.encrypted === true)
  const scheme = req.protocol === 'https' || req.protocol === 'http' ? req.protocol : encrypted ? 'https' : 'http'
  return originOf(`${scheme}://${host}`)
}

/** Why a body's Content-Type is refused, or null for JSON in UTF-8 (or no body at all). */
export function jsonBodyProblem(contentType: string | undefined, bodyPresent: boolean): string | null {
  if (!contentType) return bodyPresent ? 'a body needs Content-Type: application/json' : null
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json') return `Content-Type ${mediaType || '(empty)'} is not accepted, send application/json`
  return charsetProblem(contentType)
}

function hasBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return false
  if (Buffer.isBuffer(body)) return body.length > 0
  return !(typeof body === 'object' && Object.keys(body).length === 0)
}

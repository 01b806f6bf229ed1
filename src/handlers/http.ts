/**
 * The shape every Function shares: check the method, parse the query and body
 * with zod, run the operation, answer JSON. Bad input answers 4xx naming the
 * problem and never reaches the platform; only a platform fault answers 5xx.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import { config, locales, type z } from 'zod/v4/mini'
import { CommerceError, badRequest, foreignOrigin, methodNotAllowed, unsupportedMediaType } from '../commerce/errors'
import { runtimeEnv } from '../commerce/runtimeEnv'
import type { IssuedCookie, RequestContext } from '../domain/types'
import { describeIssues, type Parsed, type Schema } from '../wire/schema'
import { inputProblem } from './input'
import { reportFunctionError } from './report'

// zod's mini build leaves messages to a locale; the Functions answer in English, naming the problem.
config(locales.en())


/**
 * Functions read the body as text and parse it themselves, so malformed JSON
 * gets our 400 answer instead of the body parser's HTML error page.
 *
 * Each Function exports it as `export const { config } = functionSettings`.
 * Gatsby's query extraction scans every file under src/ and takes a plain
 * `export const config` for a page-config export, which makes the build
 * generate server rendering engines the static site does not use; the
 * destructuring form exports the same `config` without tripping that scan.
 */
export const functionSettings = {
  config: {
    bodyParser: {
      // Gatsby validates these with joi: `type` must be one string, or it silently falls back to its defaults.
      json: { type: 'application/x-json-parsed-by-handler' },
      text: { type: '*/*', limit: '100kb' },
    },
  },
}

type Method = 'GET' | 'POST' | 'DELETE'

interface FunctionSpec<Q extends Schema, B extends Schema, R, P extends Schema = Schema> {
  methods: Method[]
  /** Path segments of a `[name].ts` route, e.g. `{ sku }`. */
  params?: P
  query?: Q
  body?: B
  handle(input: { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B>; ctx: RequestContext; method: string }): Promise<R>
}

export type Handler = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>

export function defineFunction<Q extends Schema, B extends Schema, R, P extends Schema = Schema>(
  spec: FunctionSpec<Q, B, R, P>,
): Handler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const ctx = contextOf(req)
    try {
      const method = (req.method ?? 'GET').toUpperCase()
      if (!spec.methods.some((allowed) => allowed === method)) {
        res.setHeader('Allow', spec.methods.join(', '))
        throw methodNotAllowed(spec.methods.join(' or '))
      }
      guardRequest(req)
      const result = await spec.handle({ ...parseParts(spec, req), ctx, method })
      setIssuedCookies(res, ctx)
      res.status(200).json(result)
    } catch (error) {
      setIssuedCookies(res, ctx)
      sendError(res, error, req.url)
    }
  }
}

/**
 * Parses the parts a Function declares; a part it does not declare stays
 * undefined (its type is then `unknown`). The signature states what the
 * parse guarantees, which the schemas' generic types cannot show inside.
 */
function parseParts<Q extends Schema, B extends Schema, P extends Schema>(
  spec: Pick<FunctionSpec<Q, B, unknown, P>, 'params' | 'query' | 'body'>,
  req: GatsbyFunctionRequest,
): { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> }
function parseParts(spec: Pick<FunctionSpec<Schema, Schema, unknown>, 'params' | 'query' | 'body'>, req: GatsbyFunctionRequest) {
  return {
    params: spec.params ? parse(spec.params, req.params ?? {}, 'params') : undefined,
    query: spec.query ? parse(spec.query, req.query ?? {}, 'query') : undefined,
    body: spec.body ? parse(spec.body, readJsonBody(req.body), 'body') : undefined,
  }
}

type RequestHeaders = GatsbyFunctionRequest['headers']

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * What every Function refuses before reading its input: a state-changing
 * request from a page of another origin (403), and a body that is not
 * `application/json` in UTF-8 (415). A form or a `no-cors` fetch from another
 * site can only send text/plain, urlencoded or multipart bodies, and a JSON
 * body sent from another origin needs a preflight this site never grants.
 */
export function guardRequest(req: Pick<GatsbyFunctionRequest, 'method' | 'headers' | 'body'>): void {
  const method = (req.method ?? 'GET').toUpperCase()
  if (!STATE_CHANGING.has(method)) return
  if (isForeignRequest(req.headers, trustedOrigins())) throw foreignOrigin()
  const problem = jsonBodyProblem(req.headers['content-type'], hasBody(req.body))
  if (problem) throw unsupportedMediaType(problem)
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
 * A browser names the page that sent a request in `Origin` (and, in current
 * browsers, `Sec-Fetch-Site`). Same origin is the host the request was sent
 * to, or a trusted origin. A request with neither header comes from no
 * browser, so it carries no shopper's cookie by accident and passes.
 */
export function isForeignRequest(headers: RequestHeaders, trusted: readonly string[]): boolean {
  const origin = single(headers.origin)
  if (origin !== undefined) {
    if (origin === 'null') return true
    if (trusted.includes(origin)) return false
    return hostOf(origin) !== single(headers.host)?.toLowerCase()
  }
  const site = single(headers['sec-fetch-site'])
  return site !== undefined && site !== 'same-origin' && site !== 'none'
}

/** Why a body's Content-Type is refused, or null for JSON in UTF-8 (or no body at all). */
export function jsonBodyProblem(contentType: string | undefined, bodyPresent: boolean): string | null {
  if (!contentType) return bodyPresent ? 'a body needs Content-Type: application/json' : null
  const [mediaType = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase())
  if (mediaType !== 'application/json') return `Content-Type ${mediaType || '(empty)'} is not accepted, send application/json`
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '')
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return `charset ${charset} is not accepted, send utf-8`
  return null
}

function hasBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return false
  if (Buffer.isBuffer(body)) return body.length > 0
  return !(typeof body === 'object' && Object.keys(body).length === 0)
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase()
  } catch {
    return null
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

export function sendError(res: GatsbyFunctionResponse, error: unknown, path = ''): void {
  if (error instanceof CommerceError) {
    // A refusal is the caller's business; a failure (the platform down or wrong) is the operators'.
    if (error.status >= 500) reportFunctionError(error, path)
    res.status(error.status).json(error.toJSON())
    return
  }
  reportFunctionError(error, path)
  console.error('[functions] unexpected failure', error)
  res.status(500).json({ error: { code: 'internal', message: 'internal error' } })
}

export function contextOf(req: GatsbyFunctionRequest): RequestContext {
  const cookie = req.headers.cookie
  return typeof cookie === 'string' && cookie ? { cookie } : {}
}

/**
 * Sets on the browser the cookies the platform issued while the Function ran
 * (the key binding a new guest cart to this browser): HttpOnly, so no script
 * can read it; SameSite=Lax, so no other site's request carries it; for every
 * path, so every Function forwards it. Host-only, like the platform's session
 * cookie, which is how the platform's checkout page receives it too.
 */
export function setIssuedCookies(res: GatsbyFunctionResponse, ctx: RequestContext): void {
  if (ctx.issued?.length) res.setHeader('Set-Cookie', ctx.issued.map(serializeCookie))
}

export function serializeCookie(cookie: IssuedCookie): string {
  return `${cookie.name}=${cookie.value}; Path=/; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${cookie.secure ? '; Secure' : ''}`
}

/** The body as JSON: a string is parsed here, an absent body is an empty object. */
export function readJsonBody(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return {}
  if (typeof body !== 'string') {
    if (Buffer.isBuffer(body)) return readJsonBody(body.toString('utf8'))
    return body
  }
  try {
    return JSON.parse(body)
  } catch (error) {
    throw badRequest(`malformed JSON body: ${(error as Error).message}`)
  }
}

export function parse<T>(schema: Schema<T>, value: unknown, where: 'params' | 'query' | 'body' | 'variables'): T {
  const problem = inputProblem(value)
  if (problem) throw badRequest(`invalid ${where}: ${problem}`)
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw badRequest(`invalid ${where}: ${describeIssues(parsed.error.issues)}`)
  return parsed.data
}

/**
 * The Function for an entry of the route table (src/wire/routes.ts): its
 * method and input schemas, and a handler whose result the route's answer
 * schema accepts, so what the Function sends is what the browser parses.
 */
export function serveRoute<Q extends Schema, B extends Schema, A extends z.ZodMiniType, P extends Schema = Schema>(
  route: { method: Method; params?: P; query?: Q; body?: B; answer: A },
  handle: FunctionSpec<Q, B, z.input<A>, P>['handle'],
): Handler {
  return defineFunction({ methods: [route.method], params: route.params, query: route.query, body: route.body, handle })
}

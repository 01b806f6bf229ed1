/**
 * The shape every Function shares, /api/graphql included: check the method,
 * refuse what the request policy refuses (guard.ts), parse the query and body
 * with zod (input.ts), run the operation, answer JSON with the cookies the
 * platform issued (cookies.ts). Bad input answers 4xx naming the problem and
 * never reaches the platform; only a platform fault answers 5xx (errorAnswer.ts).
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import type { z } from 'zod/v4/mini'
import '../wire/parserNow'
import { CommerceError, methodNotAllowed } from '../commerce/errors'
import type { RequestContext } from '../domain/types'
import type { Parsed, Schema } from '../wire/schema'
import { contextOf, setIssuedCookies } from './cookies'
import { sendError, type ErrorBody } from './errorAnswer'
import { guardRequest } from './guard'
import { parse, readJsonBody } from './input'

/**
 * Refuses a request whose method is not among `methods` with 405 and an `Allow` header, for the Functions
 * that answer a page's link or form (a redirect) rather than going through serveRoute. GET also takes HEAD.
 */
export function requireMethod(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse, method: 'GET' | 'POST'): void {
  const allowed = method === 'GET' ? ['GET', 'HEAD'] : ['POST']
  if (allowed.includes((req.method ?? 'GET').toUpperCase())) return
  res.setHeader('Allow', allowed.join(', '))
  throw methodNotAllowed(method)
}

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
  /** The message of the 405 answering any other method; `method not allowed, use …` unless given. */
  wrongMethod?: string
  /** Path segments of a `[name].ts` route, e.g. `{ sku }`. */
  params?: P
  query?: Q
  body?: B
  handle(input: { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B>; ctx: RequestContext; method: string }): Promise<R>
}

export type Handler = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>

export interface FunctionOptions {
  /** How a failure's body is written; the Functions' `{ error: { code, message } }` unless given. */
  errorBody?: ErrorBody
}

/**
 * A Function from its spec, or from a spec chosen by the request (/api/graphql:
 * the operation the query string names). Choosing may refuse the request, a
 * 400 answered before its method is checked.
 */
export function defineFunction<Q extends Schema, B extends Schema, R, P extends Schema = Schema>(
  spec: FunctionSpec<Q, B, R, P> | ((req: GatsbyFunctionRequest) => FunctionSpec<Q, B, R, P>),
  { errorBody }: FunctionOptions = {},
): Handler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const ctx = contextOf(req)
    try {
      const route = typeof spec === 'function' ? spec(req) : spec
      const method = (req.method ?? 'GET').toUpperCase()
      if (!route.methods.some((allowed) => allowed === method)) {
        res.setHeader('Allow', route.methods.join(', '))
        throw route.wrongMethod === undefined ? methodNotAllowed(route.methods.join(' or ')) : new CommerceError(405, 'method_not_allowed', route.wrongMethod)
      }
      guardRequest(req)
      const result = await route.handle({ ...parseParts(route, req), ctx, method })
      setIssuedCookies(res, ctx)
      res.status(200).json(result)
    } catch (error) {
      setIssuedCookies(res, ctx)
      sendError(res, error, req.url, errorBody)
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

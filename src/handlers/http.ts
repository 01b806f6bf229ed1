/**
 * The shape every Function shares: check the method, refuse what the request
 * policy refuses (guard.ts), parse the query and body with zod (input.ts), run
 * the operation, answer JSON with the cookies the platform issued (cookies.ts).
 * Bad input answers 4xx naming the problem and never reaches the platform;
 * only a platform fault answers 5xx (errorAnswer.ts).
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import type { z } from 'zod/v4/mini'
import '../wire/parserNow'
import { methodNotAllowed } from '../commerce/errors'
import type { RequestContext } from '../domain/types'
import type { Parsed, Schema } from '../wire/schema'
import { contextOf, setIssuedCookies } from './cookies'
import { sendError } from './errorAnswer'
import { guardRequest } from './guard'
import { parse, readJsonBody } from './input'

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

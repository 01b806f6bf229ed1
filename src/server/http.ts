/**
 * The shape every Function shares: check the method, parse the query and body
 * with zod, run the operation, answer JSON. Bad input answers 4xx naming the
 * problem and never reaches the platform; only a platform fault answers 5xx.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import type { z } from 'zod'
import { CommerceError, badRequest, methodNotAllowed } from '../commerce/errors'
import { describeIssues } from './schemas'
import type { RequestContext } from '../domain/types'

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

interface FunctionSpec<Q extends z.ZodTypeAny, B extends z.ZodTypeAny, R, P extends z.ZodTypeAny = z.ZodTypeAny> {
  methods: Method[]
  /** Path segments of a `[name].ts` route, e.g. `{ sku }`. */
  params?: P
  query?: Q
  body?: B
  handle(input: { params: z.infer<P>; query: z.infer<Q>; body: z.infer<B>; ctx: RequestContext; method: string }): Promise<R>
}

export type Handler = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>

export function defineFunction<Q extends z.ZodTypeAny, B extends z.ZodTypeAny, R, P extends z.ZodTypeAny = z.ZodTypeAny>(
  spec: FunctionSpec<Q, B, R, P>,
): Handler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    try {
      const method = (req.method ?? 'GET').toUpperCase() as Method
      if (!spec.methods.includes(method)) {
        res.setHeader('Allow', spec.methods.join(', '))
        throw methodNotAllowed(spec.methods.join(' or '))
      }
      const params = spec.params ? parse(spec.params, req.params ?? {}, 'params') : undefined
      const query = spec.query ? parse(spec.query, req.query ?? {}, 'query') : undefined
      const body = spec.body ? parse(spec.body, readJsonBody(req.body), 'body') : undefined
      const result = await spec.handle({ params, query, body, ctx: contextOf(req), method })
      res.status(200).json(result)
    } catch (error) {
      sendError(res, error)
    }
  }
}

export function sendError(res: GatsbyFunctionResponse, error: unknown): void {
  if (error instanceof CommerceError) {
    res.status(error.status).json(error.toJSON())
    return
  }
  console.error('[functions] unexpected failure', error)
  res.status(500).json({ error: { code: 'internal', message: 'internal error' } })
}

export function contextOf(req: GatsbyFunctionRequest): RequestContext {
  const cookie = req.headers.cookie
  return typeof cookie === 'string' && cookie ? { cookie } : {}
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

export function parse<S extends z.ZodTypeAny>(schema: S, value: unknown, where: 'params' | 'query' | 'body' | 'variables'): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw badRequest(`invalid ${where}: ${describeIssues(parsed.error)}`)
  return parsed.data
}

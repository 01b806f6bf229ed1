/**
 * The storefront server's rebuild hooks (docs/editing-content.md, "Publish and
 * rebuild"). The server owns the build: it is the process that must switch to
 * a new build, so it is the one that runs it.
 *
 * - POST /hooks/content: the editing screen after a publish (cms files named);
 * - POST /hooks/catalog: the platform after a price or stock change (skus named);
 * - GET /hooks/build?ticket=n: where a build stands, for the editing screen.
 *
 * Each asks for `Authorization: Bearer <BUILD_HOOK_TOKEN>`, compared in
 * constant time: none is 401, a wrong one 403. A request a browser sends
 * (it names an Origin or a Sec-Fetch-Site) is refused, whatever it carries:
 * these hooks are called by servers only. The content hook and the status
 * answer on loopback only (the editing screen runs beside the storefront);
 * the catalog hook wherever the platform runs. Bodies are JSON of at most
 * HOOK_BODY_LIMIT bytes, refused before they are read when the token is wrong
 * (415 for any other type, whatever parsers the server has), naming only
 * content files of cms/'s registry and plain sku and product ids (400
 * otherwise): a build is never asked about a path of the caller's choosing.
 */
import { matchesSecret } from '../http/secret'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/v4'
import { cmsRegistry } from '../cms/registry'
import { jsonError } from './errors'
import { ticketState, type BuildRunner } from '../releases/runner'

export const HOOK_BODY_LIMIT = 16 * 1024
/** A token shorter than this is refused at start: a hook anyone can guess rebuilds the shop on demand. */
export const MIN_TOKEN_LENGTH = 24

/** True when the header carries the token as a bearer, compared in constant time (http/secret.ts). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  return matchesSecret(/^Bearer ([^\s]+)$/.exec(header ?? '')?.[1], token)
}

export const isLoopback = (address: string | undefined): boolean => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'

/** The content files a publish may name: `cms/<file>` of each entry of the registry, exactly. */
export const CONTENT_FILES: readonly string[] = Object.values(cmsRegistry).map((entry) => `cms/${entry.file}`)
const ContentFile = z.string().refine((file) => CONTENT_FILES.includes(file), { message: `not a content file of cms/ (${CONTENT_FILES.join(', ')})` })
/** A sku or product id: a letter or digit, then letters, digits, '_' and '-', with single dots between them. */
export const PlainId = z.string().max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/, 'not a plain sku or product id')
const ContentBody = z.object({ files: z.array(ContentFile).max(50) }).strict()
const CatalogBody = z.object({ skus: z.array(PlainId).max(500).default([]), products: z.array(PlainId).max(500).default([]) }).strict()

/** Whether a Content-Type is JSON in UTF-8 (the charset may go unsaid: JSON is UTF-8). */
export function isJsonBody(contentType: string | undefined): boolean {
  const [type = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return parameters.every((parameter) => !parameter.startsWith('charset=') || /^charset="?utf-8"?$/.test(parameter))
}

/** Whether a browser sent the request (an Origin, or a Fetch Metadata site other than none): no hook is called from one. */
export function sentFromBrowser(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site']
  return request.headers.origin !== undefined || (fetchSite !== undefined && fetchSite !== 'none')
}

/**
 * A hook's body as `schema` reads it, or null once a 400 naming the problem (after `what`, when given) is sent:
 * the body may come as text, which is parsed here rather than by a parser that would answer its own error.
 */
export function parseHookBody<T>(schema: z.ZodType<T>, reply: FastifyReply, body: unknown, what?: string): T | null {
  let json: unknown
  try {
    json = typeof body === 'string' ? JSON.parse(body) : body
  } catch {
    void jsonError(reply, 400, 'bad_request', 'the body is not JSON')
    return null
  }
  const result = schema.safeParse(json)
  if (result.success) return result.data
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
  void jsonError(reply, 400, 'bad_request', what ? `${what}: ${issues}` : issues)
  return null
}

export interface BuildHooksOptions {
  runner: BuildRunner
  token: string
}

export function registerBuildHooks(app: FastifyInstance, options: BuildHooksOptions): void {
  if (options.token.length < MIN_TOKEN_LENGTH) throw new Error(`BUILD_HOOK_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters`)

  const guard =
    (loopbackOnly: boolean) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      // The socket's own address: a forwarded-for header is the client's word, not the connection's.
      if (loopbackOnly && !isLoopback(request.socket.remoteAddress)) return jsonError(reply, 403, 'forbidden', 'this hook answers on loopback only')
      // Behind a proxy on the same machine every request comes from loopback: one the proxy forwarded is not local.
      if (loopbackOnly && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)) {
        return jsonError(reply, 403, 'forbidden', 'this hook answers on loopback only, not through a proxy')
      }
      if (sentFromBrowser(request)) return jsonError(reply, 403, 'cross_site', 'a hook is not called from a browser')
      if (!request.headers.authorization) {
        void reply.header('www-authenticate', 'Bearer')
        return jsonError(reply, 401, 'unauthenticated', 'Authorization: Bearer <token> is required')
      }
      if (!bearerMatches(request.headers.authorization, options.token)) return jsonError(reply, 403, 'forbidden', 'the token is wrong')
      // Checked here, before any parser reads the body: the hook itself takes JSON only, on any server.
      if (request.method === 'POST' && !isJsonBody(request.headers['content-type'])) return jsonError(reply, 415, 'unsupported_media_type', 'send application/json')
      return undefined
    }

  app.post('/hooks/content', { bodyLimit: HOOK_BODY_LIMIT, onRequest: guard(true) }, async (request, reply) => {
    const body = parseHookBody(ContentBody, reply, request.body)
    if (!body) return reply
    const ticket = options.runner.request({ kind: 'content', items: body.files })
    return reply.code(202).header('cache-control', 'no-store').send({ ticket })
  })

  app.post('/hooks/catalog', { bodyLimit: HOOK_BODY_LIMIT, onRequest: guard(false) }, async (request, reply) => {
    const body = parseHookBody(CatalogBody, reply, request.body)
    if (!body) return reply
    const ticket = options.runner.request({ kind: 'catalog', items: [...(body.skus ?? []).map((s) => `sku:${s}`), ...(body.products ?? []).map((p) => `product:${p}`)] })
    return reply.code(202).header('cache-control', 'no-store').send({ ticket })
  })

  app.get('/hooks/build', { onRequest: guard(true) }, async (request, reply) => {
    const status = options.runner.status()
    const ticket = Number((request.query as { ticket?: string }).ticket)
    return reply.header('cache-control', 'no-store').send({ ...status, ...(Number.isInteger(ticket) && ticket > 0 ? { ticket: { number: ticket, ...ticketState(status, ticket) } } : {}) })
  })
}

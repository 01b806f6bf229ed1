/**
 * Gatsby Functions, loaded once and sharing one module graph. Gatsby lists
 * the site's Functions in .cache/functions/manifest.json and compiles each
 * into its own bundle there, for hosts that run one Function per process;
 * every bundle carries its own copy of everything it imports (zod, the
 * commerce client, Gatsby's body parsers and joi), so loading them all in one
 * process would hold each of those once per Function. This server takes the
 * route table from that manifest and requires each Function's source module
 * instead (it runs under tsx, see main.ts), so the Functions share one copy of
 * their imports, however many Functions the site has.
 * Each is required once (see loadFunctions) and its handler is called per
 * request with the express-like request and response Gatsby documents
 * (`body`, `query`, `params`, `cookies`; `status`, `json`, `send`,
 * `setHeader`, `redirect`). Bodies reach a Function as the raw text the
 * server accepted (JSON only, see app.ts); the Functions parse it
 * themselves, and read their settings through `runtimeEnv()` when they run,
 * as their compiled bundles do.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import { jsonError } from './errors'
import { once } from './once'

export interface FunctionManifestEntry {
  functionRoute: string
  matchPath?: string
  /** The plugin that owns the Function: `default-site-plugin` for the site's own src/api. */
  pluginName?: string
  /** The source file, relative to its plugin's `src/api` (the site's own: src/api/). */
  originalRelativeFilePath?: string
  absoluteCompiledFilePath: string
}

type GatsbyHandler = (req: IncomingMessage, res: FunctionResponse) => unknown

export interface LoadedFunction {
  /** The route under /api/, in Gatsby's syntax: `checkout/addCartItem`, `product/getLoyaltyMultiplier/:sku`. */
  route: string
  /** The handler; the module is required on the first call and kept. */
  load(): GatsbyHandler
}

/**
 * The module a manifest entry is served from: the site's own Function from
 * its source under `<siteDir>/src/api`, shared imports and all; a plugin's
 * Function (none today) from Gatsby's compiled bundle, whose source lives in
 * the plugin's package.
 */
export function functionModulePath(siteDir: string, entry: FunctionManifestEntry): string {
  if (entry.pluginName === 'default-site-plugin' && entry.originalRelativeFilePath) {
    const source = path.join(siteDir, 'src', 'api', entry.originalRelativeFilePath)
    if (existsSync(source)) return source
  }
  return entry.absoluteCompiledFilePath
}

/**
 * The Functions of the build's manifest. Each module is required once, on
 * its first request or when the server warms up after listening
 * (`warmUpFunctions`), never again.
 */
export function loadFunctions(siteDir: string): LoadedFunction[] {
  const manifest = path.join(siteDir, '.cache', 'functions', 'manifest.json')
  if (!existsSync(manifest)) return []
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as FunctionManifestEntry[]
  return entries.map((entry) => ({
    route: entry.matchPath ?? entry.functionRoute,
    load: once(() => {
      const file = functionModulePath(siteDir, entry)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(file) as { default?: unknown }
      const handler = typeof mod.default === 'function' ? mod.default : mod
      if (typeof handler !== 'function') throw new Error(`${file} does not export a function`)
      return handler as GatsbyHandler
    }),
  }))
}

/** Requires every Function one after the other, yielding between them so requests keep being answered. */
export async function warmUpFunctions(functions: readonly LoadedFunction[]): Promise<void> {
  for (const fn of functions) {
    await new Promise((resolve) => setImmediate(resolve))
    fn.load()
  }
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** Gatsby's `:name` segments are fastify's too; its splat `*` becomes fastify's wildcard. */
export function fastifyPath(route: string): string {
  return `/api/${route.replace(/^\/+/, '')}`
}

export function registerFunctions(app: FastifyInstance, functions: readonly LoadedFunction[]): void {
  for (const fn of functions) {
    app.route({
      method: METHODS,
      url: fastifyPath(fn.route),
      handler: async (request, reply) => {
        const res = functionResponse(reply)
        const limit = deadline(FUNCTION_TIMEOUT_MS)
        try {
          // A handler may answer without returning its promise (Gatsby's compiled wrapper does): wait for the answer itself.
          const running = Promise.resolve(fn.load()(functionRequest(request), res))
          await Promise.race([running.then(() => res.answered), res.answered, limit.reached])
        } catch (error) {
          request.log.error({ err: error, route: fn.route }, 'Function failed')
          if (!res.headersSent) return jsonError(reply, 500, 'internal', 'internal error')
        } finally {
          // Cleared at once: a 30 s timer left behind per request is thousands alive under load.
          limit.clear()
        }
        if (!res.headersSent) return jsonError(reply, 504, 'function_timeout', `the Function did not answer within ${FUNCTION_TIMEOUT_MS / 1000} s`)
        return reply
      },
    })
  }
}

/** A Function that has not answered after this long gets a 504. */
export const FUNCTION_TIMEOUT_MS = 30_000

/** A promise settled after `ms`, and the means to drop its timer once it is no longer needed. */
export function deadline(ms: number): { reached: Promise<void>; clear(): void } {
  let timer: NodeJS.Timeout | undefined
  const reached = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms)
    timer.unref()
  })
  return { reached, clear: () => clearTimeout(timer) }
}

/**
 * Whether the request carries no body at all (RFC 9112 §6.3: neither
 * Transfer-Encoding nor a non-zero Content-Length), as GET requests do.
 */
export function isBodiless(headers: IncomingMessage['headers']): boolean {
  return headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || Number(headers['content-length']) === 0)
}

/**
 * The request as Gatsby documents it for a Function, and as its compiled
 * wrapper (which a plugin's Function is served through) expects it. The wrapper runs its
 * own body parsers (multer, raw, text, urlencoded, json: five middlewares
 * built anew per call) unless the stream has ended. fastify has read every
 * body it accepts (JSON as text) by now; a request with no body has nothing
 * to read, so it is marked as read too and the parsers, which would find
 * nothing, are skipped. A bodied request fastify did not read is left as it
 * came, for the wrapper to parse. `rawUrl` carries the scheme the server
 * decided, which the Functions' origin check compares (src/handlers/guard.ts).
 */
export function functionRequest(request: FastifyRequest): IncomingMessage {
  if (!request.raw.readableEnded && isBodiless(request.raw.headers)) Object.defineProperty(request.raw, 'readableEnded', { value: true })
  return Object.assign(request.raw, {
    // The client's address as this server reads it (TRUST_PROXY decides whose X-Forwarded-For it believes).
    ip: request.ip,
    originalUrl: request.url,
    // Gatsby's field for the full address; the scheme is the connection's, or X-Forwarded-Proto's behind a trusted proxy (TRUST_PROXY).
    rawUrl: `${request.protocol}://${request.host}${request.url}`,
    body: request.body,
    query: request.query ?? {},
    params: request.params ?? {},
    cookies: request.cookies ?? {},
  })
}

export interface FunctionResponse {
  /** Settles when the Function has answered. */
  readonly answered: Promise<void>
  statusCode: number
  readonly headersSent: boolean
  status(code: number): FunctionResponse
  setHeader(name: string, value: string | number | readonly string[]): FunctionResponse
  header(name: string, value: string | number | readonly string[]): FunctionResponse
  set(name: string, value: string | number | readonly string[]): FunctionResponse
  getHeader(name: string): unknown
  removeHeader(name: string): void
  json(body: unknown): FunctionResponse
  send(body?: unknown): FunctionResponse
  end(body?: unknown): FunctionResponse
  sendStatus(code: number): FunctionResponse
  redirect(statusOrUrl: number | string, url?: string): FunctionResponse
}

/** The express-like response Gatsby Functions are written against, answering through fastify (so hooks and headers apply). */
function functionResponse(reply: FastifyReply): FunctionResponse {
  // fastify's reply.sent turns true only once its onSend hooks have run; a Function asks right after answering.
  let answered = false
  let settle: () => void = () => undefined
  const whenAnswered = new Promise<void>((resolve) => {
    settle = resolve
  })
  const answer = (body: unknown) => {
    answered = true
    settle()
    void reply.send(body)
  }
  const setHeader = (name: string, value: string | number | readonly string[]) => {
    void reply.header(name, value)
    return res
  }
  const res: FunctionResponse = {
    answered: whenAnswered,
    get statusCode() {
      return reply.statusCode
    },
    set statusCode(code: number) {
      void reply.code(code)
    },
    get headersSent() {
      return answered || reply.sent
    },
    status(code) {
      void reply.code(code)
      return res
    },
    setHeader,
    header: setHeader,
    set: setHeader,
    getHeader: (name) => reply.getHeader(name),
    removeHeader: (name) => void reply.removeHeader(name),
    json(body) {
      void reply.type('application/json; charset=utf-8')
      answer(JSON.stringify(body))
      return res
    },
    send(body) {
      if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) return res.json(body)
      answer(body === undefined ? '' : body)
      return res
    },
    end: (body) => res.send(body),
    sendStatus(code) {
      void reply.code(code).type('text/plain; charset=utf-8')
      answer(String(code))
      return res
    },
    redirect(statusOrUrl, url) {
      const [status, to] = typeof statusOrUrl === 'number' ? [statusOrUrl, url ?? '/'] : [302, statusOrUrl]
      answered = true
      settle()
      void reply.redirect(to, status)
      return res
    },
  }
  return res
}

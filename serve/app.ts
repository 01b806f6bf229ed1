/**
 * The storefront's production server: the built site of public/, deferred
 * pages through Gatsby's engines, and the Gatsby Functions of src/api/,
 * each loaded once. See docs/serving.md.
 */
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { capConnectionsPerClient, DEFAULT_HTTP_LIMITS, serverTimeouts, type HttpLimits } from '../http/limits'
import { charsetProblem } from '../src/wire/charset'
import { formPaths } from '../src/wire/routes'
import { errorHandler, jsonError } from './errors'
import { loadFunctions, registerFunctions, warmUpFunctions, type LoadedFunction } from './functions'
import { registerPages, type Pages } from './site'
import { registerSecurityHeaders, type SecurityOptions } from './security'
import { registerBuildHooks, type BuildHooksOptions } from './webhooks'
import { registerVtexNotifications, type VtexNotificationOptions } from './vtexNotifications'

/** What a Function may receive: JSON in UTF-8 (a form Function: a urlencoded form in UTF-8), at most this many bytes. */
export const FUNCTION_BODY_LIMIT = 100 * 1024

/** The health check a load balancer asks (docs/deploying.md). */
export const HEALTH_PATH = '/healthz'

export interface ServerOptions {
  /** The project folder holding public/ and .cache/ of a build. */
  siteDir: string
  security: SecurityOptions
  /** Functions to serve; defaults to those of the build's manifest (.cache/functions), from their source. */
  functions?: readonly LoadedFunction[]
  /** fastify's trustProxy: whom to believe about the client's protocol and address. */
  trustProxy?: FastifyServerOptions['trustProxy']
  logger?: FastifyServerOptions['logger']
  /** Time-outs and the per-address connection cap (serve/config.ts reads them from SITE_*); the defaults otherwise. */
  limits?: HttpLimits
  /** Bytes of pages each build served keeps in memory (serve/site.ts); 32 MB when absent. */
  pageCacheBytes?: number
  /** The folder of the build to serve now (releases/releases.ts); siteDir when absent. */
  currentSite?: () => string
  /** The rebuild hooks, when this server runs the builds (BUILD_HOOK_TOKEN set); VTEX's catalog notifications too with `vtex` (VTEX_NOTIFICATION_TOKEN). */
  builds?: BuildHooksOptions & { vtex?: VtexNotificationOptions }
  /** Called with the pages' handle once registered, to warm a new build before it serves. */
  onPages?: (pages: Pages) => void
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // A slow client is cut: headers, the whole request and an idle connection each have a limit (http/limits.ts).
    ...serverTimeouts(options.limits ?? DEFAULT_HTTP_LIMITS),
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: FUNCTION_BODY_LIMIT,
    return503OnClosing: true,
    // Keep-alive connections are closed when the server stops, so a restart is quick.
    forceCloseConnections: 'idle',
    // A URL the router cannot decode, or a header fastify refuses: the same JSON 400 as every refusal.
    frameworkErrors: (error, _request, reply) => jsonError(reply, 400, 'bad_request', error.message),
  })
  capConnectionsPerClient(app.server, (options.limits ?? DEFAULT_HTTP_LIMITS).maxConnectionsPerClient)
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? jsonError(reply, 404, 'not_found', `nothing at ${request.url.split('?')[0]}`)
      : jsonError(reply, 405, 'method_not_allowed', `${request.method} is not accepted here`),
  )

  // Bodies: JSON only (and forms for the form Functions), kept as text for the Function to parse with its own errors.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = charsetProblem(request.headers['content-type'] ?? '')
    if (problem) {
      done(Object.assign(new Error(problem), { statusCode: 415 }), undefined)
      return
    }
    done(null, body)
  })
  // A form only for the Functions a plain HTML form posts to (src/wire/routes.ts formRoutes), which check its origin themselves.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const problem = formPaths.includes(request.url.split('?')[0]!)
      ? charsetProblem(request.headers['content-type'] ?? '')
      : 'a form is not accepted here, send application/json'
    if (problem) {
      done(Object.assign(new Error(problem), { statusCode: 415 }), undefined)
      return
    }
    done(null, body)
  })

  await app.register(cookie)
  registerSecurityHeaders(app)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] })

  const functions = options.functions ?? loadFunctions(options.siteDir)
  registerFunctions(app, functions)
  // Listening first, loading after: the site answers at once, each Function is required once in the background.
  app.addHook('onListen', async () => {
    void warmUpFunctions(functions).catch((error: unknown) => app.log.error({ err: error }, 'loading a Function failed'))
  })
  app.all('/api/*', async (request, reply) => jsonError(reply, 404, 'not_found', `no Function at ${request.url.split('?')[0]}`))
  // What a load balancer asks before sending traffic here: the process answers. It says nothing of the
  // platform, so one platform outage never takes every storefront server out of the balancer at once.
  app.get(HEALTH_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }))
  if (options.builds) registerBuildHooks(app, options.builds)
  if (options.builds?.vtex) registerVtexNotifications(app, options.builds.runner, options.builds.vtex)
  const pages = await registerPages(app, { siteDir: options.siteDir, security: options.security, currentSite: options.currentSite, pageCacheBytes: options.pageCacheBytes })
  options.onPages?.(pages)
  return app
}

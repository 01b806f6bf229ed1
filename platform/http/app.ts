import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { ProductReader } from '../catalog/products'
import { CatalogReference } from '../catalog/reference'
import { CatalogSearch } from '../catalog/search'
import { CatalogSuggest } from '../catalog/suggest'
import { CustomerOrders } from '../cart/customer-orders'
import { OrderFormService } from '../cart/service'
import type { Db } from '../db/types'
import { AddressBook } from '../identity/addresses'
import { Identity } from '../identity/customers'
import { KnownDevices } from '../identity/known-devices'
import { LookupAttempts } from '../identity/lookup-attempts'
import { PersonalData } from '../identity/personal-data'
import { SavedCarts } from '../identity/saved-carts'
import { Throttle } from '../identity/throttle'
import { Wishlists } from '../identity/wishlists'
import { ProductImages } from '../images/product-images'
import { badRequest } from '../lib/errors'
import { capConnectionsPerClient, DEFAULT_HTTP_LIMITS, readHttpLimits, serverTimeouts, type HttpLimits } from '../../http/limits'
import { requestValueProblem } from '../lib/input'
import { ReadCache, readCacheTtlFromEnv } from '../lib/read-cache'
import { registerAccountScreens } from '../screens/account/routes'
import { registerAuthScreens } from '../screens/auth'
import { registerCheckoutScreens } from '../screens/checkout'
import { html, layout, STYLE } from '../screens/html'
import { StoreService } from '../stores/service'
import { errorBody, handleError } from './errors'
import { registerAdminRoutes } from './routes/admin'
import { registerCatalogRoutes } from './routes/catalog'
import { registerIdentityRoutes } from './routes/identity'
import { registerImageRoutes } from './routes/images'
import { registerOrderFormRoutes } from './routes/orderforms'
import { registerSessionRoutes } from './routes/session'
import { registerStoreRoutes } from './routes/stores'
import { cookieSecret, proxySecretFromEnv, registerSecurity, styleHashOf, trustedOriginsFromEnv, trustProxyFromEnv } from './security'
import type { Services } from './services'
import { catalogHookFromEnv, type CatalogHook } from '../lib/catalog-hook'
import { platformCookieNames, securesCookies } from '../wire'

export interface AppOptions {
  /** A migrated (and normally seeded) database. */
  db: Db
  /** Base of absolute URLs; a function when it is known only after listening. */
  publicUrl: string | (() => string)
  /** Admin token; defaults to PLATFORM_ADMIN_TOKEN; null or empty disables the admin endpoint. */
  adminToken?: string | null
  logger?: FastifyServerOptions['logger']
  /** Byte budget of the rendered-image cache. */
  imageCacheBytes?: number
  /** Origins whose pages may post to the platform (the storefront); default PLATFORM_TRUSTED_ORIGINS. */
  trustedOrigins?: readonly string[]
  /** Signs the form-token cookie; default PLATFORM_COOKIE_SECRET, else random per process. */
  cookieSecret?: string
  /** Age limit of cached catalog reads and priced carts; default PLATFORM_READ_CACHE_MS, else 60 s; 0 turns caching off. */
  readCacheMs?: number
  /** The proxies whose X-Forwarded-For to believe about the client's address; default PLATFORM_TRUST_PROXY, else none (see security.ts). */
  trustProxy?: string[] | number | false
  /** The secret the storefront proves itself with, to be believed about the shopper's address; default PLATFORM_PROXY_SECRET, else none. */
  proxySecret?: string | null
  /** Time-outs and the per-address connection cap; default PLATFORM_*_TIMEOUT_MS and PLATFORM_MAX_CONNECTIONS_PER_CLIENT (platformHttpLimits). */
  httpLimits?: HttpLimits
  /** Called after a price or stock change through the admin endpoint; default PLATFORM_CATALOG_HOOK_URL and _TOKEN, else none. */
  catalogHook?: CatalogHook | null
}

/**
 * The platform's limits from PLATFORM_* variables. Its busiest client is the
 * storefront's server, whose Functions keep up to 256 connections to it from
 * one address, so the cap per address is twice that unless set.
 */
export function platformHttpLimits(env: NodeJS.ProcessEnv = process.env): HttpLimits {
  return readHttpLimits(env, 'PLATFORM', { ...DEFAULT_HTTP_LIMITS, maxConnectionsPerClient: 512 })
}

/**
 * Builds the platform's HTTP app without listening, so tests can `inject`.
 * Catalog reference data is loaded here, so the database must be seeded.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.httpLimits ?? platformHttpLimits()
  const proxySecret = options.proxySecret === undefined ? proxySecretFromEnv() : options.proxySecret
  // A slow client is cut: headers, the whole request and an idle connection each have a limit (http/limits.ts).
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? trustProxyFromEnv(), ...serverTimeouts(limits) })
  capConnectionsPerClient(app.server, limits.maxConnectionsPerClient)
  const publicUrl = typeof options.publicUrl === 'string' ? () => options.publicUrl as string : options.publicUrl
  const base = (): string => publicUrl().replace(/\/+$/, '')
  const reference = await CatalogReference.load(options.db)
  const products = new ProductReader(reference, base)
  const readCache = new ReadCache({ ttlMs: options.readCacheMs ?? readCacheTtlFromEnv() })
  const adminToken = options.adminToken === undefined ? (process.env.PLATFORM_ADMIN_TOKEN ?? null) : options.adminToken
  const trustedOrigins = options.trustedOrigins ?? trustedOriginsFromEnv()
  const publicOrigin = () => (URL.canParse(base()) ? new URL(base()).origin : '')
  // The public URL's scheme is the deployment's one cookie setting: https names them __Host- (see wire.ts).
  const secureCookies = securesCookies(base())
  // Each service is built here once and shared by every route and screen that needs it.
  const orderForms = new OrderFormService(options.db, reference, base, readCache)
  const stores = new StoreService(options.db)
  const savedCarts = new SavedCarts(options.db, orderForms)
  const wishlists = new Wishlists(options.db)
  const addressBook = new AddressBook(options.db)
  const customerOrders = new CustomerOrders(options.db, orderForms, savedCarts, stores)
  const services: Services = {
    db: options.db,
    reference,
    products,
    search: new CatalogSearch(reference, products),
    suggest: new CatalogSuggest(reference, products),
    orderForms,
    identity: new Identity(options.db),
    savedCarts,
    wishlists,
    addressBook,
    customerOrders,
    personalData: new PersonalData(options.db, { orders: customerOrders, addresses: addressBook, wishlists, savedCarts, stores }),
    throttle: new Throttle(options.db),
    lookupAttempts: new LookupAttempts(options.db),
    knownDevices: new KnownDevices(options.db),
    stores,
    images: new ProductImages(options.db, options.imageCacheBytes),
    readCache,
    publicUrl: base,
    returnOrigins: () => [publicOrigin(), ...trustedOrigins].filter(Boolean),
    storefront: () => trustedOrigins[0] ?? '',
    adminToken: adminToken || null,
    catalogHook: options.catalogHook === undefined ? catalogHookFromEnv(process.env, options.db) : options.catalogHook,
    secureCookies,
    cookies: platformCookieNames(secureCookies),
  }

  await app.register(cookie, { secret: options.cookieSecret ?? cookieSecret() })
  await registerSecurity(app, {
    trustedOrigins,
    publicOrigin,
    secureCookies: services.secureCookies,
    csrfCookie: services.cookies.csrf,
    styleHash: styleHashOf(STYLE),
    proxySecret,
  })
  await app.register(formbody)
  // Bodies are parsed here rather than by fastify's default so that an empty
  // body is "no body" (routes then say which field is missing) and bad JSON is
  // a PlatformError with our wording.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(badRequest('request body is not valid JSON', 'MALFORMED_JSON'), undefined)
    }
  })
  // Every part of every request, before a route reads it (see lib/input.ts).
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [['path', request.params], ['query', request.query], ['body', request.body]]
    for (const [part, value] of parts) {
      const problem = requestValueProblem(value, part)
      if (problem) throw badRequest(problem, 'INVALID_INPUT')
    }
  })
  app.setErrorHandler(handleError)
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith('/api/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', `no route ${request.method} ${path}`))
    }
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(layout('Pagina non trovata', html`<div class="card"><h1>Pagina non trovata</h1><p>La pagina che cerchi non esiste.</p></div>`))
  })

  registerCatalogRoutes(app, services)
  registerOrderFormRoutes(app, services)
  registerSessionRoutes(app, services)
  registerStoreRoutes(app, services)
  registerIdentityRoutes(app, services)
  registerAdminRoutes(app, services)
  registerImageRoutes(app, services)
  registerAuthScreens(app, services)
  registerAccountScreens(app, services)
  registerCheckoutScreens(app, services)
  // Changes a platform stopped before sending are sent once it is up again; none is tried after it closes.
  const hook = services.catalogHook
  if (hook) {
    app.addHook('onReady', async () => hook.notify())
    app.addHook('onClose', async () => hook.close())
  }
  return app
}

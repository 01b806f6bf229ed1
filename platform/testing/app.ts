import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { newGuestKey } from '../cart/guest-key'
import { OrderForm, PLATFORM_CART_COOKIE, PLATFORM_SESSION_COOKIE } from '../wire'
import { migrate } from '../db/migrate'
import { seedDatabase } from '../db/seed'
import type { Db } from '../db/types'
import { buildApp } from '../http/app'
import { openTestDb } from './database'

export const TEST_ADMIN_TOKEN = 'test-admin-token'
/** The storefront a test platform trusts (PLATFORM_TRUSTED_ORIGINS in production). */
export const TEST_STOREFRONT_ORIGIN = 'http://127.0.0.1:9000'

export interface TestPlatform {
  app: FastifyInstance
  db: Db
  /** Listening URL, also the public URL of images and links. */
  url: string
  close(): Promise<void>
}

/**
 * A platform listening on an ephemeral port over a fresh database (PGlite in
 * memory, or a schema of its own on TEST_DATABASE_URL; see ./database.ts)
 * seeded with a small catalog. Building one costs a few seconds, so test files
 * share one across their tests. Tests talk to it over real HTTP.
 */
export async function createTestPlatform(products = 60, options: { publicUrl?: string } = {}): Promise<TestPlatform> {
  const db = await openTestDb()
  await migrate(db)
  await seedDatabase(db, { products })
  const served = await serve(db, TEST_ADMIN_TOKEN, options.publicUrl)
  return {
    ...served,
    async close() {
      await served.close()
      await db.close()
    },
  }
}

/**
 * Another app over an existing database (its `close` leaves the database open).
 * `publicUrl` is where browsers reach it (an https one is a deployment behind
 * TLS); by default the listening URL.
 */
export async function serve(db: Db, adminToken: string | null, publicUrl?: string): Promise<TestPlatform> {
  let url = ''
  // Tests name their clients' addresses in X-Forwarded-For: a test platform believes loopback, as a platform behind a
  // proxy on its host named in PLATFORM_TRUST_PROXY would (a deployed one believes no one by default).
  const app = await buildApp({ db, publicUrl: () => publicUrl ?? url, adminToken, trustedOrigins: [TEST_STOREFRONT_ORIGIN], trustProxy: ['loopback'] })
  await app.listen({ host: '127.0.0.1', port: 0 })
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return { app, db, url, close: () => app.close() }
}

export interface TestResponse {
  status: number
  headers: Headers
  text: string
  body: Buffer
  /** The session token the response sets, '' when it clears it, undefined when untouched. */
  sessionToken: string | undefined
  /** The guest-cart key the response sets (a new guest order form), undefined when none. */
  guestKey: string | undefined
  json<T = { error: { code: string; message: string } }>(): T
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown
  /** Sent verbatim with content-type application/json (for malformed bodies). */
  raw?: string
  /** Sent as an HTML form. */
  form?: Record<string, string>
  /** Session token to send as the cookie. */
  session?: string
  /** Guest-cart key to send as the cookie (the browser that created a guest order form). */
  guestKey?: string
  headers?: Record<string, string>
  /**
   * A form post carries a valid CSRF token (and its cookie), as the
   * platform's own screens do, unless this is false (a forged post).
   */
  csrf?: boolean
}

/** A form token and the signed cookie holding its secret, as the login page hands them out. */
export async function formToken(platform: TestPlatform): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${platform.url}/login`)
  const html = await response.text()
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1]
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pf_csrf='))?.split(';')[0]
  if (!token || !cookie) throw new Error('the login page handed out no form token')
  return { token, cookie }
}

/** One HTTP request to a test platform; redirects are returned, not followed. */
export async function call(platform: TestPlatform, method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers }
  let body: string | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.raw !== undefined) {
    headers['content-type'] = 'application/json'
    body = options.raw
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    const form = { ...options.form }
    if (options.csrf !== false) {
      const { token, cookie } = await formToken(platform)
      form._csrf ??= token
      headers.cookie = [headers.cookie, cookie].filter(Boolean).join('; ')
    }
    body = new URLSearchParams(form).toString()
  }
  if (options.session) headers.cookie = [headers.cookie, `${PLATFORM_SESSION_COOKIE}=${options.session}`].filter(Boolean).join('; ')
  if (options.guestKey) headers.cookie = [headers.cookie, `${PLATFORM_CART_COOKIE}=${options.guestKey}`].filter(Boolean).join('; ')
  const response = await fetch(`${platform.url}${path}`, { method, headers, body, redirect: 'manual' })
  const buffer = Buffer.from(await response.arrayBuffer())
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_SESSION_COOKIE}=`))
  const cartCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_CART_COOKIE}=`))
  return {
    status: response.status,
    headers: response.headers,
    body: buffer,
    text: buffer.toString('utf8'),
    sessionToken: cookie === undefined ? undefined : (cookie.split(';')[0] ?? '').slice(PLATFORM_SESSION_COOKIE.length + 1),
    guestKey: cartCookie === undefined ? undefined : (cartCookie.split(';')[0] ?? '').slice(PLATFORM_CART_COOKIE.length + 1),
    json<T>() {
      return JSON.parse(buffer.toString('utf8')) as T
    },
  }
}

/**
 * Logs a seed customer in through the API and returns the session token; with
 * `guestKey`, from the browser holding that guest-cart key.
 */
export async function login(platform: TestPlatform, email: string, password = 'Password123!', guestKey?: string): Promise<string> {
  const response = await call(platform, 'POST', '/api/session/login', { json: { email, password }, guestKey })
  if (response.status !== 200 || !response.sessionToken) throw new Error(`login of ${email} failed with ${response.status}`)
  return response.sessionToken
}

/**
 * A new order form with `quantity` of a plain sku (no minimum, no tiers) priced
 * 12,50 € for the test, created as the customer behind `session` or a guest
 * (whose browser holds `guestKey`, or the key the platform issues).
 */
export async function cartWith(platform: TestPlatform, quantity: number, session?: string, guestKey?: string): Promise<{ form: OrderForm; sku: string; guestKey: string | undefined }> {
  const [row] = await platform.db.query<{ sku: string }>(
    `SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND p.price_tiers = '[]'::jsonb ORDER BY v.sku LIMIT 1`,
  )
  const sku = row?.sku ?? ''
  await platform.db.query('UPDATE variants SET price_cents = 1250, list_price_cents = 1250, low_price_cents = 1250, max_quantity = 50 WHERE sku = $1', [sku])
  const creation = await call(platform, 'POST', '/api/orderforms', { session, guestKey })
  const created = OrderForm.parse(creation.json())
  const key = creation.guestKey ?? guestKey
  const form = OrderForm.parse((await call(platform, 'POST', `/api/orderforms/${created.id}/items`, { json: { sku, quantity }, session, guestKey: key })).json())
  return { form, sku, guestKey: session ? undefined : key }
}

/**
 * One browser's requests: each carries the browser's guest-cart key (a key
 * the platform would issue), unless its options say otherwise (`guestKey:
 * undefined` is a browser holding none, another key another browser's).
 */
export function inBrowser(guestKey: string = newGuestKey()) {
  return {
    guestKey,
    call: (platform: TestPlatform, method: string, path: string, options: RequestOptions = {}) => call(platform, method, path, { guestKey, ...options }),
    cartWith: (platform: TestPlatform, quantity: number, session?: string) => cartWith(platform, quantity, session, guestKey),
    /** Logs in from this browser, holding its key. */
    login: (platform: TestPlatform, email: string, password = 'Password123!') => login(platform, email, password, guestKey),
  }
}

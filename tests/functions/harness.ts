/**
 * Runs the Gatsby Functions the way `gatsby serve` does (express, with each
 * Function's body-parser config) against a real embedded platform on an
 * ephemeral loopback port with a throwaway in-memory database.
 */
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import express from 'express'
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import { startPlatform, type RunningPlatform } from '../../platform'
import { createTestDatabase } from '../../platform/testing/database'
import { newProxySecret } from '../../supervisor/processes'

type FunctionModule = {
  default: (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void> | void
  config?: { bodyParser?: { text?: object; json?: object } }
}

/** The cart Functions and /api/graphql, which several suites serve. */
export const cartRoutes = {
  'checkout/getCartInformation': () => import('../../src/api/checkout/getCartInformation'),
  'checkout/addCartItem': () => import('../../src/api/checkout/addCartItem'),
  'checkout/updateCartItem': () => import('../../src/api/checkout/updateCartItem'),
  'checkout/removeCartItem': () => import('../../src/api/checkout/removeCartItem'),
  graphql: () => import('../../src/api/graphql'),
}

/** The shared-cart Functions (req CALL-02, CALL-03, CALL-04, CALL-05). */
export const sharedCartRoutes = {
  'sharedCart/getSharedCustomer': () => import('../../src/api/sharedCart/getSharedCustomer'),
  'sharedCart/getSharedCart': () => import('../../src/api/sharedCart/getSharedCart'),
  'sharedCart/saveSharedCart': () => import('../../src/api/sharedCart/saveSharedCart'),
  'sharedCart/mergeSharedCart': () => import('../../src/api/sharedCart/mergeSharedCart'),
}

export interface Harness {
  siteUrl: string
  platformUrl: string
  /** The platform itself, for outage drills (suspend, resume, setFault). */
  platform: RunningPlatform
  close(): Promise<void>
}

/**
 * `publicUrl`: where browsers reach the platform (an https one is a deployment
 * behind TLS); the Functions still call it on its loopback address.
 */
export async function startHarness(
  routes: Record<string, () => Promise<FunctionModule>>,
  seedProducts = 60,
  { publicUrl, trustProxy = false }: { publicUrl?: string; trustProxy?: 'loopback' | false } = {},
): Promise<Harness> {
  process.env.SEED_PRODUCTS = String(seedProducts)
  // The platform believes the shopper's address the Functions pass on only with the secret both share, as `npm start`
  // gives one to both of its processes.
  process.env.PLATFORM_PROXY_SECRET ||= newProxySecret()
  const place = await createTestDatabase()
  const platform = await startPlatform({ host: '127.0.0.1', port: 0, databaseUrl: place.databaseUrl, dataDir: place.dataDir, publicUrl })
  process.env.PLATFORM_URL = platform.url

  const app = express()
  // `trustProxy: 'loopback'` believes X-Forwarded-For and -Proto from loopback, as the production server does behind a CDN
  // with TRUST_PROXY, so a test can name a shopper's address; by default no proxy is trusted, as without TRUST_PROXY.
  app.set('trust proxy', trustProxy)
  for (const [route, load] of Object.entries(routes)) {
    const fn = await load()
    const parsers = fn.config?.bodyParser
    app.all(
      `/api/${route}`,
      express.text(parsers?.text ?? {}),
      express.json(parsers?.json ?? {}),
      (req, res, next) => {
        Promise.resolve(fn.default(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse)).catch(next)
      },
    )
  }
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    siteUrl: `http://127.0.0.1:${port}`,
    platformUrl: platform.url,
    platform,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await platform.close()
      await place.drop()
    },
  }
}

/**
 * The cookies one browser keeps from the answers it gets (the guest-cart key the
 * Functions set) and sends with its later requests, as a browser does.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>()

  keep(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = ''] = header.split(';')
      const at = pair.indexOf('=')
      if (at < 1) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === '' || /;\s*max-age=0\b/i.test(header)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  /** The Cookie header: `extra` (a session) and what the jar holds. */
  header(extra?: string): string {
    return [extra, ...[...this.cookies].map(([name, value]) => `${name}=${value}`)].filter(Boolean).join('; ')
  }
}

/** The tests' browser: every `call` keeps and sends its cookies unless given another jar (or null, a browser holding none). */
export const browser = new CookieJar()

export interface CallInit {
  method?: string
  body?: string | object
  cookie?: string
  contentType?: string
  jar?: CookieJar | null
  timeoutMs?: number
  /** More request headers (a browser's Origin and Sec-Fetch-Site; X-Forwarded-For, the shopper's address behind a proxy). */
  headers?: Record<string, string>
}

/** A JSON call with the raw body as given, so malformed JSON can be sent too. */
export async function call(url: string, init: CallInit = {}) {
  const body = typeof init.body === 'object' ? JSON.stringify(init.body) : init.body
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers }
  if (body !== undefined) headers['content-type'] = init.contentType ?? 'application/json'
  const jar = init.jar === undefined ? browser : init.jar
  const cookie = jar ? jar.header(init.cookie) : init.cookie
  if (cookie) headers.cookie = cookie
  const signal = init.timeoutMs === undefined ? undefined : AbortSignal.timeout(init.timeoutMs)
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal })
  jar?.keep(response.headers.getSetCookie())
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type') ?? '',
    json: json as Record<string, unknown> & { error?: { code: string; message: string } },
    text,
  }
}

/**
 * Logs a seed customer in on the platform and answers the session cookie to
 * send with calls; with `jar`, from that browser (carrying its cookies, the
 * guest-cart key among them).
 */
export async function loginCookie(h: Harness, email: string, password = 'Password123!', jar?: CookieJar): Promise<string> {
  const held = jar?.header()
  const answer = await fetch(`${h.platformUrl}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(held ? { cookie: held } : {}) },
    body: JSON.stringify({ email, password }),
  })
  if (answer.status !== 200) throw new Error(`login of ${email} answered ${answer.status}`)
  const session = answer.headers.getSetCookie().find((c) => /^(__Host-)?pf_session=/.test(c))
  if (!session) throw new Error(`login of ${email} set no session cookie`)
  return session.split(';')[0]!
}

/**
 * Places an order through the platform's checkout page, with the form token it
 * hands out, as a guest giving `email` or as the customer behind `cookie`.
 * Answers the order number shown on the confirmation.
 */
export async function placeOrder(h: Harness, orderFormId: string, { email, cookie, jar = browser }: { email?: string; cookie?: string; jar?: CookieJar }): Promise<string> {
  const held = jar.header(cookie)
  const page = await fetch(`${h.platformUrl}/checkout?orderFormId=${orderFormId}`, { headers: held ? { cookie: held } : {} })
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? ''
  const cookies = [held, ...page.headers.getSetCookie().map((c) => c.split(';')[0])].filter(Boolean).join('; ')
  const placed = await fetch(`${h.platformUrl}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies },
    body: new URLSearchParams({ orderFormId, _csrf: token, ...(email ? { email } : {}) }).toString(),
    redirect: 'manual',
  })
  if (placed.status !== 303) {
    const reason = /data-testid="checkout-(?:error|blocker)">([^<]+)</.exec(await placed.text())?.[1]
    throw new Error(`checkout of ${orderFormId} answered ${placed.status}: ${reason ?? 'no reason shown'}`)
  }
  const confirmation = await (await fetch(`${h.platformUrl}/checkout?orderFormId=${orderFormId}`, { headers: { cookie: cookies } })).text()
  return /data-testid="checkout-order-number">([^<]+)</.exec(confirmation)?.[1] ?? ''
}

/**
 * The VTEX backend's one way to VTEX: a JSON call over the embedded backend's
 * transport, with VTEX's throttling and faults turned into the same
 * `CommerceError`s the embedded backend gives (req VTEX-02):
 *
 * - 429 is retried after its Retry-After (or a doubling backoff without one),
 *   at most MAX_RETRIES times and never for a wait above MAX_WAIT_MS; then the
 *   429 is the caller's, with the wait;
 * - a 5xx is a 502 `backend_error`, no answer in time a 504
 *   `backend_timeout`, no connection a 503 `backend_unavailable`.
 *
 * Private routes carry the app key and token as headers (req VTEX-03); no
 * error message, log line or answer built here includes them.
 */
import { CommerceError, fromBackendStatus, backendTimeout, backendUnavailable } from '../errors'
import type { RequestContext } from '../../domain/types'
import { cookieHeader, issueCookie } from '../http/cookies'
import { fetchTransport, nodeTransport, TransportTimeout, type Transport, type TransportResponse } from '../http/transport'
import type { VtexSettings } from './settings'
import { authCookieName, boundAuthToken } from './session'

export const MAX_RETRIES = 3
export const MAX_WAIT_MS = 5_000
const BASE_BACKOFF_MS = 200

/** The cookies VTEX's checkout binds an order form with, by VTEX's names; the Functions keep them between the browser and VTEX. */
export const ORDER_FORM_COOKIES = ['checkout.vtex.com', 'CheckoutOrderFormOwnership'] as const

/**
 * The name the browser keeps a VTEX order-form cookie under. `__Host-` makes
 * the browser keep it only when this host set it Secure, for Path=/ and
 * without Domain, so no sibling subdomain of the shop can plant one (cookie
 * tossing) or shadow it (req VTEX-08, VTEX-11).
 */
export const browserCookieName = (vtexName: (typeof ORDER_FORM_COOKIES)[number]) => `__Host-${vtexName}` as const

const ORDER_FORM_COOKIE_OF = new Map<string, string>(ORDER_FORM_COOKIES.map((name) => [browserCookieName(name), name]))

export interface VtexCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  ctx?: RequestContext
  /** Sends the app key and token: Catalog pvt, Pricing, Master Data, Profile System, Logistics, Orders. */
  private?: boolean
  /** The Pricing API answers on a host of its own (settings.pricingUrl); every other API on the account's. */
  host?: 'account' | 'pricing'
  headers?: Record<string, string>
}

export interface VtexAnswer {
  status: number
  body: unknown
}

export interface VtexClient {
  settings: VtexSettings
  /** The answer of a 2xx; the rest as `CommerceError`s. */
  call(path: string, options?: VtexCallOptions): Promise<VtexAnswer>
}

export interface VtexClientOptions {
  fetch?: typeof fetch
  /** How the retries wait (tests record it). */
  sleep?: (ms: number) => Promise<void>
}

const COOKIE_VALUE = /^[A-Za-z0-9_.~=-]{1,512}$/

/**
 * VTEX's name for a browser cookie VTEX reads, or null for the rest: the
 * order-form cookies only under their `__Host-` names (an un-prefixed
 * `checkout.vtex.com` in the browser was not set by this host, so it is
 * ignored), and VTEX's session cookies under their own, which VTEX sets on
 * the store's domain itself. VTEX ID's cookies are not among them: only the
 * account's, bound to this host's login, goes (`vtexCookieHeader`).
 */
export function vtexCookieName(browserName: string): string | null {
  const orderForm = ORDER_FORM_COOKIE_OF.get(browserName)
  if (orderForm) return orderForm
  return browserName === 'vtex_session' || browserName === 'vtex_segment' ? browserName : null
}

/**
 * The Cookie header a call carries to VTEX: of the browser's cookies (with
 * those VTEX issued during this request in their place) only VTEX's own,
 * under VTEX's names, so the storefront's and the embedded platform's cookies
 * never reach another company. A VTEX cookie the browser holds twice is left
 * out whole: the second was planted from another origin of the host (a
 * sibling domain can add one of the same name, not replace the host's), and
 * neither can be told to be the shopper's, so VTEX sees none.
 *
 * VTEX ID's cookie for `account` goes only beside its companion (./session.ts):
 * one planted alone would log the call in as the planter, and Checkout would
 * bind the shopper's cart to them. Its other names (`_{accountId}`) never go.
 */
export function vtexCookieHeader(ctx: RequestContext, account?: string): string | undefined {
  const login = account === undefined ? null : boundAuthToken(ctx, account)
  const pairs = (cookieHeader(ctx) ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.indexOf('=') > 0)
    .flatMap((part) => {
      const name = vtexCookieName(part.slice(0, part.indexOf('=')).trim())
      return name ? [[name, `${name}=${part.slice(part.indexOf('=') + 1)}`] as const] : []
    })
  const seen = new Map<string, number>()
  for (const [name] of pairs) seen.set(name, (seen.get(name) ?? 0) + 1)
  const kept = pairs.filter(([name]) => seen.get(name) === 1).map(([, part]) => part)
  if (account !== undefined && login !== null) kept.push(`${authCookieName(account)}=${login}`)
  return kept.length ? kept.join('; ') : undefined
}

/** The value of VTEX's cookie `name` in what a call would carry to VTEX, or undefined. */
export function vtexCookie(ctx: RequestContext, name: string): string | undefined {
  for (const part of (vtexCookieHeader(ctx) ?? '').split('; ')) if (part.startsWith(`${name}=`)) return part.slice(name.length + 1)
  return undefined
}

/**
 * Keeps the order-form cookies VTEX set on an answer in the request's jar,
 * under their `__Host-` names (Secure; the Functions set every cookie for
 * Path=/ and without Domain), for later calls and for the browser.
 */
function keepOrderFormCookies(ctx: RequestContext, setCookies: readonly string[]): void {
  for (const header of setCookies) {
    const pair = header.split(';')[0]!.trim()
    const at = pair.indexOf('=')
    const name = ORDER_FORM_COOKIES.find((known) => known === pair.slice(0, at))
    const value = pair.slice(at + 1)
    if (!name || !COOKIE_VALUE.test(value)) continue
    issueCookie(ctx, { name: browserCookieName(name), value, maxAgeSeconds: 30 * 24 * 60 * 60, secure: true })
  }
}

/** Retry-After in seconds (VTEX sends seconds); a date or nothing gives null. */
function retryAfterMs(header: string | undefined): number | null {
  return header && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) * 1000 : null
}

function errorMessage(payload: unknown, status: number): string {
  const p = payload as { error?: { message?: unknown }; message?: unknown; Message?: unknown } | undefined
  const text = p?.error?.message ?? p?.message ?? p?.Message
  return typeof text === 'string' && text.length < 300 ? `VTEX answered ${status}: ${text}` : `VTEX answered ${status}`
}

/**
 * An order-form call names the trade policy it is priced on, as FastStore's client does (`sc`): without it
 * Checkout uses the store's default sales channel, and a shop on another one would charge prices its pages
 * do not show. VTEX's published schemas leave the parameter out (src/commerce/vtex/testing/deviations.json).
 */
export function withSalesChannel(path: string, salesChannel: string): string {
  // The calls that read, create or change the lines, the ones FastStore names the trade policy on.
  if (!/^\/api\/checkout\/pub\/orderForm(?:\/[^/?]+(?:\/items(?:\/update)?)?)?(?:\?|$)/.test(path)) return path
  return `${path}${path.includes('?') ? '&' : '?'}sc=${encodeURIComponent(salesChannel)}`
}

export function createVtexClient(settings: VtexSettings, options: VtexClientOptions = {}): VtexClient {
  const transport: Transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))

  async function call(path: string, { method = 'GET', body, ctx, headers: extra, private: isPrivate = false, host = 'account' }: VtexCallOptions = {}): Promise<VtexAnswer> {
    const origin = host === 'pricing' ? settings.pricingUrl : settings.apiUrl
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', ...extra }
    const cookie = ctx && vtexCookieHeader(ctx, settings.account)
    if (cookie) headers.cookie = cookie
    if (isPrivate) {
      if (!settings.appKey || !settings.appToken) throw new CommerceError(503, 'backend_unavailable', 'VTEX_APP_KEY and VTEX_APP_TOKEN are needed for this VTEX API')
      headers['x-vtex-api-appkey'] = settings.appKey
      headers['x-vtex-api-apptoken'] = settings.appToken
    }
    for (let attempt = 0; ; attempt++) {
      let response: TransportResponse
      try {
        response = await transport(`${origin}${withSalesChannel(path, settings.salesChannel)}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: settings.timeoutMs })
      } catch (cause) {
        // The route without its query string, which holds what shoppers typed (a search term, an address).
        if (cause instanceof TransportTimeout) throw backendTimeout(`VTEX did not answer ${method} ${path.split('?')[0]} within ${cause.timeoutMs} ms`)
        throw backendUnavailable(`VTEX unreachable: ${(cause as Error).message}`)
      }
      if (ctx) keepOrderFormCookies(ctx, response.setCookies)
      const payload: unknown = await response.json().catch(() => undefined)
      if (response.status === 429) {
        const wait = retryAfterMs(response.retryAfter) ?? BASE_BACKOFF_MS * 2 ** attempt
        if (attempt < MAX_RETRIES && wait <= MAX_WAIT_MS) {
          await sleep(wait)
          continue
        }
        throw fromBackendStatus(429, 'VTEX is throttling requests, try again shortly', Math.ceil(wait / 1000))
      }
      if (!response.ok) throw fromBackendStatus(response.status, errorMessage(payload, response.status))
      return { status: response.status, body: payload }
    }
  }

  return { settings, call }
}

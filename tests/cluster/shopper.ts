/**
 * A shopper's browser as the cluster test drives it over HTTP: it keeps the
 * cookies the storefront and the platform set (host-only cookies reach every
 * port of the host, as in a browser), sends its Origin with every post, and
 * records every answer: status and the server haproxy sent it to.
 */
import type { FunctionAnswer, FunctionName } from '../../src/wire/routes'
import { CookieJar } from '../functions/harness'

export interface Seen {
  url: string
  status: number
  servedBy: string | null
}

export interface Answer<T> extends Seen {
  json: T
  text: string
  headers: Headers
}

export class Shopper {
  readonly cookies = new CookieJar()
  readonly seen: Seen[] = []

  constructor(private readonly extraHeaders: Record<string, string> = {}) {}

  /** One request; `origin` is the page's origin a browser sends with a post. */
  async request<T = unknown>(url: string, init: { method?: string; json?: unknown; form?: Record<string, string>; origin?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const method = init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET')
    const headers: Record<string, string> = { ...this.extraHeaders, ...init.headers, cookie: this.cookies.header() }
    let body: string | undefined
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    if (method !== 'GET' && method !== 'HEAD') headers.origin = init.origin ?? new URL(url).origin
    const response = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
    this.cookies.keep(response.headers.getSetCookie())
    const text = await response.text()
    const seen: Seen = { url: `${method} ${url}`, status: response.status, servedBy: response.headers.get('x-served-by') }
    this.seen.push(seen)
    let json: unknown = undefined
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { ...seen, json: json as T, text, headers: response.headers }
  }

  /** A Function of the storefront at `base` (a server or the balancer), by its route-table name. */
  fn<N extends FunctionName>(base: string, name: N, input: { query?: Record<string, string>; body?: unknown } = {}): Promise<Answer<FunctionAnswer<N>>> {
    const query = input.query ? `?${new URLSearchParams(input.query)}` : ''
    return this.request<FunctionAnswer<N>>(`${base}/api/${name}${query}`, input.body === undefined ? {} : { json: input.body })
  }

  /** The 5xx answers this shopper saw. */
  errors(): Seen[] {
    return this.seen.filter((s) => s.status >= 500)
  }
}

/** The session the storefront's pages send with ValidateSession. */
export const SESSION = { locale: 'it-IT', currency: { code: 'EUR', symbol: '€' }, country: 'ITA', channel: null, postalCode: null, person: null }

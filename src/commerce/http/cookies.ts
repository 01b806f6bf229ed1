/**
 * The cookies between the browser and a backend's service, as the Functions
 * relay them. The browser's Cookie header goes to the service as it came; a
 * cookie the service sets on an answer (only those named, the guest-cart key) is put
 * in the request's jar (`ctx.issued`): sent on the later calls of the same
 * request in place of the browser's, and set on the browser by the Function.
 */
import type { IssuedCookie, RequestContext } from '../../domain/types'

const NAME = /^[A-Za-z0-9_-]{1,64}$/
const VALUE = /^[A-Za-z0-9_.~-]{1,256}$/
const DEFAULT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * A Set-Cookie header as a cookie to keep, or null for one that is malformed,
 * expired or cleared, or named `__Host-` without Secure (which no browser
 * keeps; the Functions set every cookie for Path=/ and without Domain, the
 * prefix's other two conditions).
 */
export function parseSetCookie(header: string): IssuedCookie | null {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
  const at = pair.indexOf('=')
  const name = pair.slice(0, at)
  const value = pair.slice(at + 1)
  if (at < 1 || !NAME.test(name) || !VALUE.test(value)) return null
  let maxAgeSeconds = DEFAULT_MAX_AGE_SECONDS
  let secure = false
  for (const attribute of attributes) {
    const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim())
    if (key.toLowerCase() === 'max-age') maxAgeSeconds = /^\d{1,9}$/.test(raw) ? Number(raw) : 0
    if (key.toLowerCase() === 'secure') secure = true
  }
  if (name.startsWith('__Host-') && !secure) return null
  return maxAgeSeconds > 0 ? { name, value, maxAgeSeconds, secure } : null
}

/** Issues `cookie` for the browser, in place of any cookie of its name issued earlier in the request. */
export function issueCookie(ctx: RequestContext, cookie: IssuedCookie): void {
  ctx.issued = [...(ctx.issued ?? []).filter((c) => c.name !== cookie.name), cookie]
}

/** Keeps the cookies named in `names` that the platform set on an answer; a later one replaces an earlier one. */
export function keepIssuedCookies(ctx: RequestContext, setCookies: readonly string[], names: readonly string[]): void {
  for (const header of setCookies) {
    const cookie = parseSetCookie(header)
    if (cookie && names.includes(cookie.name)) issueCookie(ctx, cookie)
  }
}

/** The Cookie header for a call: the browser's, with the cookies issued during this request in place of theirs. */
export function cookieHeader(ctx: RequestContext): string | undefined {
  const issued = ctx.issued ?? []
  if (issued.length === 0) return ctx.cookie
  const names = new Set(issued.map((c) => c.name))
  const kept = (ctx.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !names.has(part.slice(0, part.indexOf('=')).trim()))
  return [...kept, ...issued.map((c) => `${c.name}=${c.value}`)].join('; ')
}

/**
 * Every value a Cookie header holds under `name`, in the order the browser sent them. A browser sends one cookie per
 * name that this site set; a second comes from a sibling origin (another subdomain, or a plain-http page of the host)
 * that set one for the parent domain, which the browser keeps beside the site's own and sends first when its path is
 * longer.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = []
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim())
  }
  return values
}

/**
 * The values the browser holds under `name` once this request is answered: the one issued during the request, which
 * the Function sets in place of the one this site set before, or else each distinct value the browser sent. More than
 * one means a cookie of that name was planted beside the browser's own, and nothing tells which is which.
 */
export function heldCookieValues(ctx: RequestContext, name: string): string[] {
  const issued = ctx.issued?.find((cookie) => cookie.name === name)
  if (issued) return [issued.value]
  return [...new Set(cookieValues(ctx.cookie, name))]
}

/**
 * Whether a request comes from a page of another origin: the one rule the
 * storefront's Functions, the platform and the editing screen all refuse
 * cross-site writes by (req SEC-01).
 */

/** A header as Node gives it: one value, several, or none. */
export type HeaderValue = string | string[] | undefined

/**
 * A browser names the page that sent a request in `Origin` and, in current
 * browsers, says in `Sec-Fetch-Site` how it relates to this site. The
 * request is foreign when either says another site: `Sec-Fetch-Site:
 * cross-site` whatever the Origin; an `Origin` that is not this request's own
 * (scheme, host and port alike) nor a trusted origin; `same-site` unless the
 * Origin is a trusted one (another origin of the same site). A request with
 * neither header comes from no browser, so it carries no shopper's cookie by
 * accident and passes.
 */
export function isForeignRequest(headers: Readonly<Record<string, HeaderValue>>, own: string | null, trusted: readonly string[]): boolean {
  const site = single(headers['sec-fetch-site'])
  if (site === 'cross-site') return true
  const origin = single(headers.origin)
  if (origin !== undefined) {
    const sender = originOf(origin)
    if (sender === null) return true
    // A page of this very origin is same-origin: a browser saying same-site for it contradicts itself.
    if (sender === own) return site === 'same-site'
    return !trusted.some((listed) => originOf(listed) === sender)
  }
  return site !== undefined && site !== 'same-origin' && site !== 'none'
}

/** An address's origin, lower-cased with the scheme's default port dropped; null for anything else but http(s). */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/** The first of a header's values. */
export function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

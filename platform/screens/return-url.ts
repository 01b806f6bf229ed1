/**
 * Where a login, registration or logout may send the browser afterwards: a
 * path on this site, or an http(s) URL on one of the configured origins (the
 * platform's public URL and PLATFORM_TRUSTED_ORIGINS, the storefront). The
 * request's Host header is never consulted: a spoofed Host cannot widen the
 * list. Anything else falls back, which closes the open-redirect hole.
 *
 * An allowed origin is not enough: its path must not lead elsewhere either.
 * `http://storefront//evil.example/` is on the storefront's origin, yet a
 * server that redirects it (a trailing slash dropped) or a proxy that decodes
 * `%2F` hands the browser `//evil.example`, another site. So the path, with
 * dot segments resolved and percent-encoding decoded, may not start with two
 * slashes nor hold a backslash.
 */
export function safeReturnUrl(raw: unknown, allowedOrigins: readonly string[], fallback: string): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2000 || hasControlOrBackslash(raw)) return fallback
  if (raw.startsWith('/')) return raw.startsWith('//') || !staysOnSite(new URL(raw, 'http://path.invalid').pathname) ? fallback : raw
  try {
    const url = new URL(raw)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && allowedOrigins.includes(url.origin) && staysOnSite(url.pathname)) {
      return url.toString()
    }
  } catch {
    return fallback
  }
  return fallback
}

/** A parsed URL's path that no later reading turns into another host: decoded, it starts with one slash and holds no backslash. */
function staysOnSite(pathname: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false
  }
  return !decoded.startsWith('//') && !hasControlOrBackslash(decoded)
}

/** Browsers drop control characters and read a backslash as "/", which would let "/\\evil.example" leave the site. */
function hasControlOrBackslash(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f || char === '\\') return true
  }
  return false
}

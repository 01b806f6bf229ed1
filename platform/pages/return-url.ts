/**
 * Where a login, registration or logout may send the browser afterwards: a
 * path on this site, or an http(s) URL on one of the configured origins (the
 * platform's public URL and PLATFORM_TRUSTED_ORIGINS, the storefront). The
 * request's Host header is never consulted: a spoofed Host cannot widen the
 * list. Anything else falls back, which closes the open-redirect hole.
 */
export function safeReturnUrl(raw: unknown, allowedOrigins: readonly string[], fallback: string): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2000 || hasControlOrBackslash(raw)) return fallback
  if (raw.startsWith('/')) return raw.startsWith('//') ? fallback : raw
  try {
    const url = new URL(raw)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && allowedOrigins.includes(url.origin)) {
      return url.toString()
    }
  } catch {
    return fallback
  }
  return fallback
}

/** Browsers drop control characters and read a backslash as "/", which would let "/\\evil.example" leave the site. */
function hasControlOrBackslash(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f || char === '\\') return true
  }
  return false
}

/**
 * Where a login, registration or logout may send the browser afterwards: a
 * path on this site, or an http(s) URL on the same host name (any port, so the
 * storefront beside the platform qualifies). Anything else falls back, which
 * closes the open-redirect hole.
 */
export function safeReturnUrl(raw: unknown, hostHeader: string | undefined, fallback: string): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2000 || hasControlOrBackslash(raw)) return fallback
  if (raw.startsWith('/')) return raw.startsWith('//') ? fallback : raw
  const host = hostName(hostHeader)
  try {
    const url = new URL(raw)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && host !== null && url.hostname === host && !url.username && !url.password) {
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

function hostName(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null
  try {
    return new URL(`http://${hostHeader}`).hostname
  } catch {
    return null
  }
}

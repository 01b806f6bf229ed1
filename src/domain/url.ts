/**
 * The base-path rule (req ROUTE-06): the base (default "/") always ends in a slash, so
 * relative paths join onto it, except a path naming a file (.html, .xml,
 * .pdf), which never gets one.
 */
const FILE_PATH = /\.(html|xml|pdf)$/i

export function withTrailingSlash(base: string | null | undefined): string {
  const path = base?.trim() || '/'
  if (path.endsWith('/') || FILE_PATH.test(path)) return path
  return `${path}/`
}

/** An absolute address of a site path under the store's base URL, e.g. for canonical links and the sitemap. */
export function absoluteUrl(storeUrl: string, sitePath: string): string {
  return new URL(sitePath.replace(/^\/+/, ''), withTrailingSlash(storeUrl)).toString()
}

const PROBE_ORIGIN = 'https://this-site.invalid'

/**
 * `raw` as a path of this site (path, query and hash, normalised as the
 * browser would read it), or null when it would lead anywhere else. Parsed as
 * a URL against a probe origin, so every trick the browser itself undoes
 * (`//host`, `/\host`, tabs and line feeds inside, `\` decoded from `%5C`) is
 * seen for what it is: a different origin.
 */
export function sitePath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/')) return null
  let url: URL
  try {
    url = new URL(raw, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PROBE_ORIGIN) return null
  const path = url.pathname + url.search + url.hash
  // Re-read: the normalised path must itself stay on the site (e.g. '/.//x' cannot become '//x').
  return path.startsWith('//') || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN ? null : path
}

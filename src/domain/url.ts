/**
 * Spec §2 base-path rule: the base (default "/") always ends in a slash, so
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

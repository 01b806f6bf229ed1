/**
 * What the service worker does with each request, as pure functions the
 * worker (worker.ts) and its tests share. The worker only ever answers GET
 * requests to the site's own origin: the Functions (/api/…, the shopper's
 * cart and session), the commerce platform's origin (its pictures, login and
 * checkout) and the error reporter go straight to the network, untouched.
 */

/**
 * - `pass`: not answered by the worker at all (the browser fetches it as if there were none);
 * - `page`: a navigation, network first; offline, this page's last copy or the offline page;
 * - `immutable`: a content-hashed file, from the cache once fetched;
 * - `fresh`: page data and other files without a hash, network first, the cached copy offline.
 */
export type Strategy = 'pass' | 'page' | 'immutable' | 'fresh'

export interface RequestFacts {
  method: string
  url: string
  mode: string
  /** A `Range` header: media requests the worker leaves to the browser. */
  range?: boolean
}

/** The worker's own script and the Functions are never the worker's business. */
const NEVER = /^\/(api(\/|$)|sw\.js$)/

/** Gatsby's hashed output, as the server marks it immutable (serve/site.ts `isHashedAsset`). */
export function isHashedAsset(urlPath: string): boolean {
  return urlPath.startsWith('/static/') || /[-.][0-9a-f]{20}\.(js|css)$/.test(urlPath)
}

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET' || request.range) return 'pass'
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return 'pass'
  }
  if (url.origin !== origin || NEVER.test(url.pathname)) return 'pass'
  if (request.mode === 'navigate') return 'page'
  if (isHashedAsset(url.pathname)) return 'immutable'
  return 'fresh'
}

/**
 * The key a page is cached under: its address without query or fragment. The
 * HTML of /s?q=cuccioli and /s is the same file (the browser reads the query),
 * so one copy serves every query of a page offline.
 */
export function pageKey(url: string): string {
  const u = new URL(url)
  return `${u.origin}${u.pathname}`
}

/** The cache names of one build; a name of the worker's family from another build is dropped on activation. */
export const CACHE_PREFIX = 'zampa-'
export function cacheNames(version: string): { pages: string; data: string; assets: string } {
  return { pages: `${CACHE_PREFIX}${version}-pages`, data: `${CACHE_PREFIX}${version}-data`, assets: `${CACHE_PREFIX}${version}-assets` }
}
export function isStaleCache(name: string, version: string): boolean {
  return name.startsWith(CACHE_PREFIX) && !Object.values(cacheNames(version)).includes(name)
}

/** How many pages and page-data files a device keeps; the oldest go first. */
export const MAX_PAGES = 60
export const MAX_DATA = 150

export interface ResponseFacts {
  ok: boolean
  status: number
  type: string
  redirected: boolean
  headers: { get(name: string): string | null }
}

/**
 * A response the worker may keep: a plain 200 from the site itself, not
 * redirected (a redirected answer cannot stand in for a navigation), not marked
 * `no-store` or private, and, for a page, HTML.
 */
export function isCacheable(response: ResponseFacts, kind: 'page' | 'file'): boolean {
  if (!response.ok || response.status !== 200 || response.type !== 'basic' || response.redirected) return false
  if (/\b(no-store|private)\b/i.test(response.headers.get('cache-control') ?? '')) return false
  return kind !== 'page' || (response.headers.get('content-type') ?? '').startsWith('text/html')
}

/**
 * The site files a page's HTML loads for itself: its scripts (those its starter adds included, listed in
 * its `data-scripts`, serve/startAfterPaint.ts), styles and preloaded page data. Kept with the page the
 * worker saw before it took control (the first page of a visit), so that page opens offline too.
 */
export function pageResources(html: string, pageUrl: string): string[] {
  const base = new URL(pageUrl)
  const found = new Set<string>()
  for (const tag of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attribute = /\s(?:src|href)\s*=\s*["']([^"']+)["']/i.exec(tag[0])?.[1]
    const started = /\sdata-scripts\s*=\s*["']([^"']+)["']/i.exec(tag[0])?.[1]
    for (const address of [attribute, ...(started?.split(/\s+/) ?? [])]) {
      if (!address) continue
      let url: URL
      try {
        url = new URL(address.replace(/&amp;/g, '&'), base)
      } catch {
        continue
      }
      if (url.origin !== base.origin || NEVER.test(url.pathname)) continue
      const path = url.pathname
      if (isHashedAsset(path) || path.startsWith('/page-data/') || /\.(js|css)$/.test(path)) found.add(url.href)
    }
  }
  return [...found]
}

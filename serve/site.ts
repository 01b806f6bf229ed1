/**
 * The built site: files of public/, Gatsby's redirects, deferred (DSG) pages
 * rendered through Gatsby's engines, search pages rendered with their
 * results (./searchPage.ts), client-only routes and the 404 page.
 *
 * Caching: Gatsby's content-hashed files (/static/…, the *-<hash>.js and .css
 * chunks) are immutable for a year; HTML, page data and everything else
 * revalidate on every use (ETag / Last-Modified). Source maps are never served.
 * HTML is read once per file version and kept with its ETag and CSP (the
 * hashes of its inline scripts) in a bounded in-memory cache.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { withoutNul } from '../src/build/html'
import { pagesTexts } from '../src/config/texts/pages'
import { jsonError } from './errors'
import { openEngines, type Engines } from './gatsbyEngines'
import { unloadBuild } from '../releases/htmlRenderer'
import { LRUCache } from 'lru-cache'
import { PAGE_CACHE_BYTES } from './config'
import { once } from './once'
import { isEmptyBoxSubmit } from '../src/domain/search/boxSubmit'
import { loadSearchRenderer, SEARCH_PAGE, searchPages, type RenderSearch, type SearchPages } from './searchPage'
import { inlineScriptHashes, pagePolicy, WORKER_POLICY, type SecurityOptions } from './security'
import { startAfterPaint } from './startAfterPaint'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'public, max-age=0, must-revalidate'
/**
 * A permanent redirect is kept an hour: without a limit a browser keeps a 301
 * for good, and the next build may change Gatsby's redirects. A temporary one
 * is asked again every time.
 */
export const PERMANENT_REDIRECT = 'public, max-age=3600'

/**
 * Whether a decoded path can be a page of this site. Browsers read a
 * Location of `//host` or `/\host` as another site, and drop tabs and line
 * feeds from it, so a path starting with two slashes or backslashes, or
 * holding a backslash or a control character anywhere, is no page here and is
 * never echoed into a Location.
 */
export function isSitePath(urlPath: string): boolean {
  if (!urlPath.startsWith('/') || urlPath.startsWith('//') || urlPath.includes('\\')) return false
  for (let i = 0; i < urlPath.length; i++) {
    const code = urlPath.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}

/**
 * The 404 of an address that is no site path, without a script: the site's
 * 404 page would start Gatsby's runtime at that address, which fails there
 * (a blank page) and asks the raw path with a HEAD, another host's.
 */
const NOT_A_SITE_PATH = Buffer.from(
  `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${pagesTexts.notFoundTitle} | Zampa</title></head>` +
    `<body><h1>${pagesTexts.notFoundTitle}</h1><p>${pagesTexts.notFoundBody}</p><p><a href="/">${pagesTexts.home}</a></p></body></html>`,
)

/** The one address of a page asked for with trailing slashes, encoded ones too: `/cane/%2F` → `/cane`. */
export function withoutTrailingSlashes(rawPath: string): string {
  return rawPath.replace(/(?:\/|%2f)+$/i, '') || '/'
}

/** Gatsby's hashed output: /static/ files and webpack chunks named with a 20-hex content hash. */
export function isHashedAsset(urlPath: string): boolean {
  return urlPath.startsWith('/static/') || /[-.][0-9a-f]{20}\.(js|css)$/.test(urlPath)
}

interface Redirect {
  fromPath: string
  toPath: string
  isPermanent?: boolean
  statusCode?: number
  ignoreCase?: boolean
}

interface MatchPath {
  path: string
  matchPath: string
}

interface HtmlEntry {
  body: Buffer
  etag: string
  policy: string
  version: string
}

/** How long a build no longer served keeps its engines open, for a request that began on it. */
const RETIRE_AFTER_MS = 60_000

/**
 * Lets go of a build no longer served: ends its engines' worker and forgets its HTML renderer (loaded by the
 * search pages or the frame fast path) and the process listeners it added, so a server that publishes build
 * after build does not keep every one of them loaded.
 */
function retire(site: SiteRelease, afterMs: number): void {
  const run = () => {
    void site.openedEngines?.close()
    unloadBuild(site.dir)
  }
  if (afterMs <= 0) return run()
  setTimeout(run, afterMs).unref()
}

function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return fallback
  }
}

/** Gatsby's `:param` and `*` match-path syntax as a regular expression. */
function matchPathPattern(matchPath: string): RegExp {
  const source = matchPath
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}/?$`)
}

/** `/page-data/cane/cibo-secco/page-data.json` → `/cane/cibo-secco`; `/page-data/index/…` → `/`. */
function pagePathOfPageData(urlPath: string): string | null {
  const match = /^\/page-data\/(.+)\/page-data\.json$/.exec(urlPath)
  if (!match?.[1]) return null
  return match[1] === 'index' ? '/' : `/${match[1]}`
}

export interface PagesOptions {
  siteDir: string
  security: SecurityOptions
  /**
   * Bytes of pages kept in memory for each build served: HTML with its policy (prebuilt and deferred pages
   * alike) up to this many, and a deferred page's data up to a quarter of it besides (SITE_PAGE_CACHE_MB).
   */
  pageCacheBytes?: number
  /**
   * The folder of the build to serve now, asked on every request; siteDir when absent. The build runner
   * (releases/) switches it to a finished build, so a failed build never reaches shoppers.
   */
  currentSite?: () => string
  /** How long a build no longer served keeps its engines open (60 s). */
  retireAfterMs?: number
}

/** One build as served: its files, redirects, client routes, engines and the HTML kept of it. */
interface SiteRelease {
  dir: string
  publicDir: string
  redirects: Map<string, Redirect>
  ignoreCaseRedirects: boolean
  matchPaths: (MatchPath & { pattern: RegExp })[]
  engines: () => Engines | null
  /** The engines, once opened. */
  openedEngines?: Engines | null
  htmlCache: LRUCache<string, HtmlEntry>
  deferredPageData: LRUCache<string, string>
  /** Its search pages and their renderer, made on the first search. */
  search?: SearchPages<HtmlEntry>
  searchRenderer?: () => RenderSearch | null
}

/** However small the pages, at most this many of each kind are kept. */
const PAGE_CACHE_ENTRIES = 2000

/** A string's bytes in memory at most: V8 keeps one or two bytes per character. */
const stringBytes = (text: string): number => 2 * text.length
const htmlEntryBytes = (entry: HtmlEntry): number => entry.body.byteLength + stringBytes(entry.policy) + entry.etag.length + entry.version.length

/**
 * Pages kept in memory, bounded by bytes as well as by count, since pages differ in size tenfold; the least
 * recently served goes first, and a page larger than the whole budget is not kept. A budget of 0 keeps none (a page is more than one byte).
 */
function pageCache<V extends object | string>(maxBytes: number, sizeOf: (value: V) => number): LRUCache<string, V> {
  return new LRUCache<string, V>({ max: PAGE_CACHE_ENTRIES, maxSize: Math.max(1, maxBytes), maxEntrySize: Math.max(1, maxBytes), sizeCalculation: (value) => Math.max(1, sizeOf(value)) })
}

function openRelease(dir: string, cacheBytes: number): SiteRelease {
  const cacheDir = path.join(dir, '.cache')
  const redirects = new Map(readJson<Redirect[]>(path.join(cacheDir, 'redirects.json'), []).map((r) => [r.ignoreCase ? r.fromPath.toLowerCase() : r.fromPath, r]))
  const site: SiteRelease = {
    dir,
    publicDir: path.join(dir, 'public'),
    redirects,
    ignoreCaseRedirects: [...redirects.values()].some((r) => r.ignoreCase),
    matchPaths: readJson<MatchPath[]>(path.join(cacheDir, 'match-paths.json'), []).map((m) => ({ ...m, pattern: matchPathPattern(m.matchPath) })),
    // Opening the engines takes seconds: done on the first deferred request or when the server warms up.
    engines: once(() => (site.openedEngines = openEngines(dir))),
    // Each build keeps its own HTML: a deferred page rendered from one build is never served for the next.
    htmlCache: pageCache<HtmlEntry>(cacheBytes, htmlEntryBytes),
    deferredPageData: pageCache<string>(Math.floor(cacheBytes / 4), stringBytes),
  }
  return site
}

export interface Pages {
  /** Opens a build's engines ahead of its first deferred request, before it is switched to. */
  warm(dir: string): void
  /**
   * A deferred page of the build served now, as its engines render it for a shopper (NUL bytes dropped), or null
   * when the page is not deferred: what the catalog fast path renders a deferred product page from.
   */
  deferredPage(pagePath: string): Promise<{ pageData: string; html: string } | null>
}

export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<Pages> {
  const cacheBytes = options.pageCacheBytes ?? PAGE_CACHE_BYTES
  const currentDir = options.currentSite ?? (() => options.siteDir)
  let release = openRelease(currentDir(), cacheBytes)
  let previous: SiteRelease | null = null
  /** The release of the build served now; the one before is kept for a warm-up that raced the switch. */
  const releaseOf = (dir: string): SiteRelease => {
    if (release.dir === dir) return release
    if (previous?.dir === dir) return previous
    if (previous) retire(previous, options.retireAfterMs ?? RETIRE_AFTER_MS)
    previous = release
    release = openRelease(dir, cacheBytes)
    return release
  }
  const warm = (dir: string): void => {
    const site = releaseOf(dir)
    try {
      site.engines()
    } catch (error) {
      app.log.error({ err: error }, 'opening the rendering engines failed')
    }
    searchOf(site)
    site.searchRenderer?.()
  }
  app.addHook('onClose', async () => {
    await Promise.all([release, previous].map((site) => site?.openedEngines?.close()))
  })
  app.addHook('onListen', async () => {
    setImmediate(() => warm(currentDir()))
  })

  await app.register(fastifyStatic, { root: release.publicDir, serve: false, cacheControl: false, dotfiles: 'deny', index: false })

  // Pages rendered now through the engines can carry React 18's stray NUL bytes too (src/build/html.ts). Every
  // page starts its scripts once its main picture is on screen (serve/startAfterPaint.ts).
  const entryFor = (rendered: Buffer, version: string): HtmlEntry => {
    const html = startAfterPaint(withoutNul(rendered).toString('utf8'))
    const body = Buffer.from(html)
    return {
      body,
      version,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      policy: pagePolicy(options.security, inlineScriptHashes(html)),
    }
  }

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, entry: HtmlEntry, status = 200): FastifyReply => {
    void reply.header('content-security-policy', entry.policy).header('etag', entry.etag).header('cache-control', status === 200 ? REVALIDATE : 'no-cache')
    if (status === 200 && request.headers['if-none-match'] === entry.etag) return reply.code(304).send()
    return reply.code(status).type('text/html; charset=utf-8').send(entry.body)
  }

  /** A prebuilt HTML file, or null; re-read when its size or time changes (a new build). */
  const htmlFile = async (site: SiteRelease, file: string): Promise<HtmlEntry | null> => {
    const htmlCache = site.htmlCache
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    const version = `${info.size}-${info.mtimeMs}`
    const cached = htmlCache.get(file)
    if (cached?.version === version) return cached
    const entry = entryFor(await readFile(file), version)
    htmlCache.set(file, entry)
    return entry
  }

  const deferredHtml = async (site: SiteRelease, pagePath: string): Promise<HtmlEntry | null> => {
    const { engines, htmlCache } = site
    if (!(await engines()?.isDeferred(pagePath))) return null
    const key = `dsg:${pagePath}`
    const cached = htmlCache.get(key)
    if (cached) return cached
    const entry = entryFor(Buffer.from(await engines()!.renderHtml(pagePath)), 'dsg')
    htmlCache.set(key, entry)
    return entry
  }

  // Search pages with their results (req SEARCH-13): the search Function asked in-process, as the browser asks it.
  // Each build renders its own: a page cached from one build never names the scripts of another.
  const searchOf = (site: SiteRelease): SearchPages<HtmlEntry> => {
    if (site.search) return site.search
    const renderer = once((): RenderSearch | null => {
      try {
        return loadSearchRenderer(site.dir)
      } catch (error) {
        app.log.error({ err: error }, 'opening the search page renderer failed: searches answer with the static page')
        return null
      }
    })
    site.search = searchPages(
      {
        ask: async (query) => {
          const answer = await app.inject({ method: 'GET', url: `/api/search/results?${query}`, headers: { accept: 'application/json' } })
          return { status: answer.statusCode, body: answer.body }
        },
        renderer,
        onError: (error, view) => app.log.error({ err: error, view }, 'rendering a search page failed: answered with the static page'),
      },
      (html) => entryFor(Buffer.from(html), 'search'),
    )
    site.searchRenderer = renderer
    return site.search
  }

  const notFound = async (site: SiteRelease, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const page = request.headers.accept?.includes('text/html') ? await htmlFile(site, path.join(site.publicDir, '404.html')) : null
    if (page) return sendHtml(request, reply, page, 404)
    return jsonError(reply, 404, 'not_found', `nothing at ${request.url.split('?')[0]}`)
  }

  const sendRedirect = (reply: FastifyReply, location: string, status: number): FastifyReply =>
    reply.header('cache-control', status === 301 || status === 308 ? PERMANENT_REDIRECT : REVALIDATE).redirect(location, status)

  const sendStatic = (site: SiteRelease, reply: FastifyReply, urlPath: string): FastifyReply => {
    void reply.header('cache-control', isHashedAsset(urlPath) ? IMMUTABLE : REVALIDATE)
    if (urlPath === '/sw.js') void reply.header('content-security-policy', WORKER_POLICY)
    return reply.sendFile(urlPath.slice(1), site.publicDir)
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const site = releaseOf(currentDir())
      const { publicDir, redirects, ignoreCaseRedirects, matchPaths, engines, deferredPageData } = site
      const [rawPath = '/', rawQuery] = request.url.split('?', 2)
      const query = rawQuery === undefined ? '' : `?${rawQuery}`
      let urlPath: string
      try {
        urlPath = decodeURIComponent(rawPath)
      } catch {
        return jsonError(reply, 400, 'bad_request', 'malformed percent-encoding in the path')
      }
      if (urlPath.includes('\0') || urlPath.split('/').includes('..')) return jsonError(reply, 400, 'bad_request', 'invalid path')
      if (!isSitePath(urlPath)) {
        if (!request.headers.accept?.includes('text/html')) return jsonError(reply, 404, 'not_found', 'no page at this address')
        return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_A_SITE_PATH)
      }
      if (urlPath.endsWith('.map')) return notFound(site, request, reply)

      const redirect = redirects.get(ignoreCaseRedirects ? urlPath.toLowerCase() : urlPath) ?? redirects.get(urlPath)
      if (redirect) return sendRedirect(reply, redirect.toPath, redirect.statusCode ?? (redirect.isPermanent ? 301 : 302))
      // trailingSlash: 'never' in gatsby-config: one address per page. The path is a site path (checked above), so the Location is one too.
      if (urlPath.length > 1 && urlPath.endsWith('/')) return sendRedirect(reply, `${withoutTrailingSlashes(rawPath)}${query}`, 301)

      const file = path.join(publicDir, urlPath)
      if (path.extname(urlPath)) {
        const info = await stat(file).catch(() => null)
        if (info?.isFile()) return urlPath.endsWith('.html') ? sendHtml(request, reply, (await htmlFile(site, file))!) : sendStatic(site, reply, urlPath)
        const pagePath = pagePathOfPageData(urlPath)
        const deferred = pagePath ? engines() : null
        if (pagePath && deferred && (await deferred.isDeferred(pagePath))) {
          let data = deferredPageData.get(pagePath)
          if (data === undefined) {
            data = await deferred.renderPageData(pagePath)
            deferredPageData.set(pagePath, data)
          }
          return reply.header('cache-control', REVALIDATE).type('application/json; charset=utf-8').send(data)
        }
      }
      // The box submitted empty before its code ran: 204 keeps the shopper on their page, as the hydrated box does.
      if (urlPath === SEARCH_PAGE && rawQuery !== undefined && isEmptyBoxSubmit(rawQuery)) return reply.code(204).header('cache-control', 'no-store').send()
      // The whole query string: a `?` inside it is part of a value.
      const searchPage = urlPath === SEARCH_PAGE && rawQuery !== undefined ? await searchOf(site).page(request.url.slice(request.url.indexOf('?') + 1)) : null
      if (searchPage) return sendHtml(request, reply, searchPage)
      const page = (await htmlFile(site, path.join(file, 'index.html'))) ?? (await deferredHtml(site, urlPath))
      if (page) return sendHtml(request, reply, page)
      const clientRoute = matchPaths.find((m) => m.pattern.test(urlPath))
      const clientPage = clientRoute && (await htmlFile(site, path.join(publicDir, clientRoute.path, 'index.html')))
      if (clientPage) return sendHtml(request, reply, clientPage)
      return notFound(site, request, reply)
    },
  })
  const deferredPage: Pages['deferredPage'] = async (pagePath) => {
    const engines = releaseOf(currentDir()).engines()
    if (!engines || !(await engines.isDeferred(pagePath))) return null
    const [pageData, html] = await Promise.all([engines.renderPageData(pagePath), engines.renderHtml(pagePath)])
    return { pageData, html: withoutNul(Buffer.from(html)).toString('utf8') }
  }
  return { warm, deferredPage }
}

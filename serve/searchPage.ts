/**
 * The search page answered with its results (req SEARCH-13). `/s?q=…` (with its facets, sort and page)
 * is rendered here on its request: the search Function's answer for the view, asked in-process as the
 * browser would ask it, rendered into the search page by the same template and renderer the build wrote
 * the page with (Gatsby's HTML renderer, `.cache/page-ssr/routes/render-page.js`, given the answer as
 * the page's `serverData`), and embedded in the page as a JSON script the browser reads as its first
 * answer (src/sdk/search/served.ts). See docs/performance.md for why the server renders it itself rather
 * than through Gatsby's `getServerData`.
 *
 * Anything else answers with the static search page, exactly as before: a search without a term or a
 * filter (the prompt), a query too long or carrying control characters, a view the Function refuses (an
 * unknown sort, facet or brand), a Function or platform fault, a render that fails or takes too long.
 * The browser then asks the Function itself and shows what it answers. Never a 5xx.
 *
 * Each rendered view is kept briefly, by its normalised path: the answer is the same for every shopper (the
 * search Function reads no cookie), so one render serves every request for that view in the meantime,
 * and requests for a view being rendered wait for that render instead of starting another.
 */
import path from 'node:path'
import '../src/wire/parserNow'
import { canRenderPages, pageRenderer, readPageData } from '../releases/pageRenderer'
import { formatSearchState, parseSearchState, type SearchState } from '../src/domain/search/state'
import { ServedSearch, servedSearchScript } from '../src/wire/servedSearch'

/** The search page's path. */
export const SEARCH_PAGE = '/s'

/**
 * A query string longer than this is rendered as the static page. The state keeps at most a 200-character
 * term and 30 facet values of 200 characters (src/domain/search/state.ts); a link a person typed or
 * shared is far shorter, so a longer one is not worth a render.
 */
export const MAX_QUERY_LENGTH = 2048

/**
 * How long a rendered view is kept. The results carry prices and stock: 30 s is what a shopper may see
 * behind the platform, and enough for a burst of requests for one view (a shared link, a campaign's
 * search) to cost one render.
 */
export const SEARCH_CACHE_TTL_MS = 30_000

/**
 * How many rendered views are kept. A page of results is about 150–200 KB of HTML; 200 of them hold at
 * most about 40 MB, and 200 distinct views within 30 s is more than a single server sees.
 */
export const SEARCH_CACHE_ENTRIES = 200

/** A render slower than this (the platform slow to answer) gives way to the static page. */
export const SEARCH_RENDER_TIMEOUT_MS = 2000

/**
 * How many views may be rendering at once; a further new view gets the static page. Each render is a
 * platform search and a React render of the whole page on the server's own thread, and a render that ran
 * out of time still runs to its end: without a bound, a stream of distinct queries would starve every
 * other request. Four keeps a 2-core server answering while a burst of distinct searches comes in.
 */
export const SEARCH_MAX_RENDERS = 4

/** C0 and C1 control characters and DEL: no shopper types them, and no search of them is worth a render. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

/**
 * The normalised view a search page's query string asks for: its canonical path
 * (`/s?q=crocchette&sort=score_desc&page=0`), or null when the static page answers it (no term and no
 * filter, too long, control characters). The browser reads the same query string into the same state.
 */
export function searchView(rawQuery: string): string | null {
  if (rawQuery.length === 0 || rawQuery.length > MAX_QUERY_LENGTH) return null
  let state: SearchState
  try {
    state = parseSearchState(`${SEARCH_PAGE}?${rawQuery}`)
  } catch {
    return null
  }
  if (state.term === null && state.selectedFacets.length === 0) return null
  if (hasControl(state.term ?? '') || state.selectedFacets.some((facet) => hasControl(facet.key) || hasControl(facet.value))) return null
  return formatSearchState(state)
}

/** A cache of a bounded number of entries, each kept for a limited time; the oldest entry goes first. */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>()
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    if (hit.expires <= this.now()) {
      this.map.delete(key)
      return undefined
    }
    // Most recently used last: the first key is the one to drop.
    this.map.delete(key)
    this.map.set(key, hit)
    return hit.value
  }

  set(key: string, value: V): void {
    this.map.delete(key)
    this.map.set(key, { value, expires: this.now() + this.ttlMs })
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string)
  }

  get size(): number {
    return this.map.size
  }
}

/** The search Function's answer to a query string: its status and JSON text. */
export type AskResults = (query: string) => Promise<{ status: number; body: string }>

/** Renders the search page with an answer: the page's whole HTML. */
export type RenderSearch = (served: ServedSearch) => Promise<string>

export interface SearchPagesOptions {
  ask: AskResults
  /** The renderer, opened on first use; null when the build has none: every search then answers with the static page. */
  renderer: () => RenderSearch | null
  /** What a failure is told to (the server's log). */
  onError?: (error: unknown, view: string) => void
  entries?: number
  ttlMs?: number
  timeoutMs?: number
  /** Views rendering at once, late ones included (SEARCH_MAX_RENDERS). */
  maxRenders?: number
  now?: () => number
}

export interface SearchPages<T> {
  /** The rendered page for a query string, or null for the static page. */
  page(rawQuery: string): Promise<T | null>
}

/**
 * Search pages rendered with their results, each view kept briefly. `wrap` turns a rendered page into
 * what is kept and sent (the server's HTML entry: body, ETag and policy).
 */
export function searchPages<T>(options: SearchPagesOptions, wrap: (html: string) => T): SearchPages<T> {
  const cache = new TtlCache<T | null>(options.entries ?? SEARCH_CACHE_ENTRIES, options.ttlMs ?? SEARCH_CACHE_TTL_MS, options.now)
  const inFlight = new Map<string, Promise<T | null>>()
  const timeoutMs = options.timeoutMs ?? SEARCH_RENDER_TIMEOUT_MS
  const maxRenders = options.maxRenders ?? SEARCH_MAX_RENDERS
  let rendering = 0

  const renderView = async (view: string, render: RenderSearch): Promise<{ page: T | null; keep: boolean }> => {
    const answer = await options.ask(view.slice(view.indexOf('?') + 1))
    // A refusal (4xx) is the same for every request of this view: kept like a page. A fault is not.
    if (answer.status !== 200) return { page: null, keep: answer.status < 500 }
    const served = ServedSearch.safeParse({ path: view, results: JSON.parse(answer.body) as unknown })
    if (!served.success) throw new Error(`the search Function answered ${view} with something that is no search answer`)
    const html = await render(served.data)
    return { page: wrap(withServedAnswer(html, served.data)), keep: true }
  }

  /** The render, or a failure once it takes longer than the time allowed. */
  const inTime = <R>(work: Promise<R>): Promise<R> => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`rendering took more than ${timeoutMs} ms`)), timeoutMs)
    })
    return Promise.race([work, late]).finally(() => clearTimeout(timer))
  }

  return {
    async page(rawQuery) {
      const view = searchView(rawQuery)
      if (view === null) return null
      const cached = cache.get(view)
      if (cached !== undefined) return cached
      let pending = inFlight.get(view)
      if (!pending) {
        // Busy: this view gets the static page, which asks for its results from the browser, and is not kept.
        if (rendering >= maxRenders) return null
        rendering += 1
        const work = Promise.resolve().then(() => {
          const render = options.renderer()
          return render ? renderView(view, render) : { page: null, keep: true }
        })
        // Counted until the render really ends, not when the page gave up waiting for it.
        const done = () => {
          rendering -= 1
        }
        work.then(done, done)
        pending = inTime(work)
          .then(
            ({ page, keep }) => {
              if (keep) cache.set(view, page)
              return page
            },
            (error: unknown) => {
              options.onError?.(error, view)
              return null
            },
          )
          .finally(() => inFlight.delete(view))
        inFlight.set(view, pending)
      }
      return pending
    },
  }
}

/**
 * The page with its answer embedded: just before Gatsby's own scripts, after the page's content (so it
 * does not delay the first paint) and before the app's scripts run, which read it.
 */
export function withServedAnswer(html: string, served: ServedSearch): string {
  const script = servedSearchScript(served)
  const at = html.indexOf('<script id="gatsby-script-loader"')
  if (at >= 0) return `${html.slice(0, at)}${script}${html.slice(at)}`
  const end = html.lastIndexOf('</body>')
  if (end < 0) throw new Error('the rendered search page has no </body>')
  return `${html.slice(0, end)}${script}${html.slice(end)}`
}

/**
 * The search page's renderer from a build: the search page's page data, rendered by the build's own renderer
 * (releases/pageRenderer.ts) with the answer as its `serverData`. null when the build has none of them.
 */
export function loadSearchRenderer(siteDir: string): RenderSearch | null {
  const pageData = readPageData(path.join(siteDir, 'public'), SEARCH_PAGE)
  if (!pageData || !canRenderPages(siteDir)) return null
  const render = pageRenderer(siteDir)
  return (served) => render({ ...pageData, result: { ...pageData.result, serverData: { search: served } } })
}

/**
 * A whole page rendered from its page data by a build's own HTML renderer (./htmlRenderer.ts), as `gatsby build`
 * renders it: the page's static-query results and its template's scripts and styles given as the build gives
 * them, Gatsby's slices stitched in, and React 18's stray NUL bytes dropped as the build's `onPostBuild` drops
 * them. The search pages render their results with it (serve/searchPage.ts), and the catalog fast path the pages
 * that show a changed product (./catalog.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { withoutNul } from '../src/build/html'
import { htmlRendererFile, loadHtmlRenderer } from './htmlRenderer'

/** A page's data as Gatsby writes it (`public/page-data/<path>/page-data.json`). */
export interface PageData {
  componentChunkName: string
  path: string
  result: Record<string, unknown>
  staticQueryHashes: string[]
  slicesMap?: Record<string, string>
}

interface ClientAssets {
  readWebpackStats(publicDir: string): Promise<unknown>
  getScriptsAndStylesForTemplate(componentChunkName: string, stats: unknown): Promise<Record<string, unknown>>
}

/**
 * Renders in turn, per loaded renderer. gatsby-plugin-styled-components keeps each render's style sheet in a map
 * by the page's path from the start of the render to its end, so two renders of one path at once (two searches
 * on `/s`) each took the other's sheet, or none, and the pages came without their styles.
 */
const turns = new WeakMap<object, Promise<unknown>>()

/** Renders a page of the build from its page data: the page's whole HTML. */
export type RenderPage = (pageData: PageData) => Promise<string>

/** Whether a build holds what rendering its pages needs. */
export function canRenderPages(siteDir: string): boolean {
  const publicDir = path.join(siteDir, 'public')
  return [htmlRendererFile(siteDir), path.join(publicDir, 'page-data', 'app-data.json'), path.join(publicDir, 'webpack.stats.json')].every((file) => existsSync(file))
}

/** The page data of a build's page, or null when the build wrote none for it (a deferred page, or no page). */
export function readPageData(publicDir: string, pagePath: string): PageData | null {
  const file = pageDataFile(publicDir, pagePath)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageData) : null
}

/** Where Gatsby writes a page's data: `/` → `page-data/index/page-data.json`. */
export function pageDataFile(publicDir: string, pagePath: string): string {
  const name = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '')
  return path.join(publicDir, 'page-data', name, 'page-data.json')
}

/** The page renderer of a build; throws when the build has none (see canRenderPages). */
export function pageRenderer(siteDir: string): RenderPage {
  const publicDir = path.join(siteDir, 'public')
  if (!canRenderPages(siteDir)) throw new Error(`the build in ${siteDir} has no HTML renderer, app data or webpack stats`)
  const readJson = <J>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as J
  const { webpackCompilationHash } = readJson<{ webpackCompilationHash: string }>(path.join(publicDir, 'page-data', 'app-data.json'))
  const renderer = loadHtmlRenderer(siteDir)
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Gatsby's own helper, found at run time
  const assetsHelper = require('gatsby/dist/utils/client-assets-for-template') as ClientAssets
  const stats = assetsHelper.readWebpackStats(publicDir)
  const assets = new Map<string, Promise<Record<string, unknown>>>()
  const staticResults = new Map<string, unknown>()
  const slices = new Map<string, string>()
  const staticResult = (hash: string) => {
    if (!staticResults.has(hash)) staticResults.set(hash, readJson<unknown>(path.join(publicDir, 'page-data', 'sq', 'd', `${hash}.json`)))
    return staticResults.get(hash)
  }
  const slice = (id: string) => {
    if (!slices.has(id)) {
      const file = path.join(publicDir, '_gatsby', 'slices', `${id}.html`)
      if (!/^[\w-]+$/.test(id) || !existsSync(file)) throw new Error(`the rendered page names a slice the build has not written: ${id}`)
      slices.set(id, readFileSync(file, 'utf8'))
    }
    return slices.get(id)!
  }
  const renderOnce = async (pageData: PageData): Promise<string> => {
    const chunk = pageData.componentChunkName
    if (!assets.has(chunk)) assets.set(chunk, stats.then((loaded) => assetsHelper.getScriptsAndStylesForTemplate(chunk, loaded)))
    const { html } = await renderer.default({
      pagePath: pageData.path,
      pageData,
      staticQueryContext: Object.fromEntries(pageData.staticQueryHashes.map((hash) => [hash, staticResult(hash)])),
      webpackCompilationHash,
      ...(await assets.get(chunk)!),
    })
    return withoutNul(Buffer.from(withSlices(html, slice))).toString('utf8')
  }
  return (pageData) => {
    const turn = (turns.get(renderer) ?? Promise.resolve()).then(() => renderOnce(pageData))
    turns.set(renderer, turn.catch(() => undefined))
    return turn
  }
}

/**
 * The page with Gatsby's slices put in, as the build stitches them after rendering (gatsby's
 * utils/slices/stitching): the renderer leaves a placeholder for each, the page's scripts among them
 * (`_gatsby-scripts-1`, the app's `<script>` tags), and the build writes the slice's HTML between two
 * comments in its place.
 */
export function withSlices(html: string, slice: (id: string) => string): string {
  const stitched = html.replace(
    /<slice-start id="([^"]+)"><\/slice-start><slice-end id="\1"><\/slice-end>/g,
    (_, id: string) => `<!-- slice-start id="${id}" -->${slice(id)}<!-- slice-end id="${id}" -->`,
  )
  if (stitched.includes('<slice-start')) throw new Error('the rendered page holds a slice placeholder it cannot stitch')
  return stitched
}

/**
 * The fast path for a price or stock change: instead of `gatsby build`, which reads the catalog again and takes
 * from 20 s at a few hundred products to minutes at a hundred thousand, only the pages that show the changed
 * skus are rendered again and put into a new release.
 *
 * - Which pages, and their new data, come from src/build/catalogChange.ts: the product's page, its listings and
 *   the content pages whose shelves could hold it, each with what a build would give it now.
 * - Each is rendered by the served build's own HTML renderer (./pageRenderer.ts). Before anything is written,
 *   every one of them must render from its old data to exactly the HTML the release serves: a page patched
 *   since its build (a frame change), or a renderer that does not reproduce the build's output, makes the fast
 *   path fail, and the runner builds the whole site instead.
 * - A deferred product page (never written by the build) gets its old data and HTML from the served build's
 *   engines, and its new ones are written into the release: the server answers from public/ before the engines.
 * - The new release is the served one with those pages' HTML and data replaced (the rest hard-linked), switched
 *   to by the same atomic rename as a build's.
 *
 * The project's build folder is left as it was: the next `gatsby build` finds the catalog's new revision, reads it
 * and writes the same pages again.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { contentDir, readCms } from '../cms/load'
import { pagesShowing, type CatalogChangeInput } from '../src/build/catalogChange'
import { htmlFileOf } from '../src/build/html'
import { canRenderPages, pageDataFile, pageRenderer, readPageData, type PageData } from './pageRenderer'
import type { Releases } from './releases'
import { SECRET_VARIABLES } from './secrets'
import { comparableHtml } from './styles'

/** A deferred page as the served build's engines render it, or null when the page is not deferred. */
export type DeferredPage = (pagePath: string) => Promise<{ pageData: string; html: string } | null>

export interface CatalogChangeOptions {
  releases: Releases
  env?: NodeJS.ProcessEnv
  deferred?: DeferredPage
  /** The catalog the pages are read from (the fresh catalog by default). */
  catalog?: CatalogChangeInput<PageData>['catalog']
  /** What finds the changed pages (src/build/catalogChange.ts unless given). */
  find?: typeof pagesShowing<PageData>
}

export interface CatalogChangeReport {
  pagesWritten: number
  /** The paths of the pages written. */
  pages: string[]
}

/** The skus a build job names, or null when it names anything else (a product id, a content file). */
export function skusOf(items: readonly string[]): string[] | null {
  const skus = items.map((item) => (item.startsWith('sku:') ? item.slice(4) : null))
  return skus.length > 0 && skus.every((sku): sku is string => sku !== null && sku.length > 0) ? skus : null
}

/** Renders the pages that show these skus into a new release and switches to it; throws and switches nothing on any doubt. */
export async function publishCatalogChange(options: CatalogChangeOptions, skus: readonly string[], stage: (name: string) => void = () => undefined): Promise<CatalogChangeReport> {
  const from = options.releases.currentDir()
  if (!from) throw new Error('no release to change')
  if (!canRenderPages(from)) throw new Error(`the release has no HTML renderer (${from})`)
  const publicDir = path.join(from, 'public')

  stage('prodotti cambiati')
  const servedHtml = new Map<string, string>()
  const read = async (pagePath: string): Promise<PageData | null> => {
    const prebuilt = readPageData(publicDir, pagePath)
    if (prebuilt) {
      const file = htmlFileOf(publicDir, pagePath)
      if (!existsSync(file)) throw new Error(`the release has data but no HTML for ${pagePath}`)
      servedHtml.set(pagePath, readFileSync(file, 'utf8'))
      return prebuilt
    }
    const deferred = await options.deferred?.(pagePath)
    if (!deferred) return null
    servedHtml.set(pagePath, deferred.html)
    return JSON.parse(deferred.pageData) as PageData
  }
  const content = readCms((file) => readFileSync(path.join(contentDir(options.env), file), 'utf8'))
  const changes = await (options.find ?? pagesShowing<PageData>)({ skus, content, read, ...(options.catalog ? { catalog: options.catalog } : {}) })
  if (changes.length === 0) return { pagesWritten: 0, pages: [] }

  stage('pagine')
  const render = pageRenderer(from)
  const written = new Map<string, { html: string; data: string }>()
  for (const change of changes) {
    if (comparableHtml(await render(change.before)) !== comparableHtml(servedHtml.get(change.path) ?? '')) throw new Error(`the page ${change.path} does not render from its data as the release serves it`)
    written.set(change.path, { html: await render(change.after), data: JSON.stringify(change.after) })
  }
  // The same guard as a build's: a server-side secret never reaches a public file (releases/secrets.ts).
  const published = [...written.values()].map(({ html, data }) => html + data).join('')
  const leaked = SECRET_VARIABLES.filter((name) => options.env?.[name]?.trim() && published.includes(options.env[name].trim()))
  if (leaked.length) throw new Error(`the pages would put server-side secrets in public files: ${leaked.join(', ')}`)

  stage('pubblicazione')
  const files = new Map<string, string>()
  for (const [pagePath, page] of written) {
    files.set(path.relative(from, htmlFileOf(publicDir, pagePath)), page.html)
    files.set(path.relative(from, pageDataFile(publicDir, pagePath)), page.data)
  }
  await options.releases.derive(
    (dir) => {
      for (const [file, text] of files) {
        const target = path.join(dir, file)
        mkdirSync(path.dirname(target), { recursive: true })
        // Never written through a link into the release it came from.
        rmSync(target, { force: true })
        writeFileSync(target, text)
      }
    },
    (file) => files.has(file),
  )
  // The project's build folder still holds the old prices: a restart must not serve it again.
  options.releases.markProjectBehind()
  return { pagesWritten: written.size, pages: [...written.keys()] }
}

/**
 * A new release in which some pages are rendered again from new data, for the fast paths that know which pages a
 * change reaches and what data a build would give them now: a price or stock change (./catalog.ts) and a change to a
 * content page (./content.ts).
 *
 * - Each page is rendered by the served build's own HTML renderer (./pageRenderer.ts). Before anything is written,
 *   every one of them must render from its old data to the HTML the release serves (./styles.ts says what may
 *   differ): a page patched since its build (a frame change), or a renderer that does not reproduce the build's
 *   output, makes the fast path fail, and the runner builds the whole site instead.
 * - A deferred page (never written by the build) gets its old data and HTML from the served build's engines, and its
 *   new ones are written into the release: the server answers from public/ before the engines.
 * - The new release is the served one with those pages' HTML and data replaced (the rest hard-linked), switched to by
 *   the same atomic rename as a build's. No server-side secret may be in what is written (./secrets.ts).
 *
 * The project's build folder is left as it was, marked behind the release: the next `gatsby build` finds the change
 * (a new catalog revision, changed content) and writes the same pages again.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { htmlFileOf } from '../src/build/html'
import { canRenderPages, pageDataFile, pageRenderer, readPageData, type PageData } from './pageRenderer'
import type { Releases } from './releases'
import { SECRET_VARIABLES } from './secrets'
import { comparableHtml } from './styles'

/** A deferred page as the served build's engines render it, or null when the page is not deferred. */
export type DeferredPage = (pagePath: string) => Promise<{ pageData: string; html: string } | null>

export interface RepublishOptions {
  releases: Releases
  env?: NodeJS.ProcessEnv
  deferred?: DeferredPage
  /** Other files of the release to replace (relative to it), such as the content it shows now. */
  alsoWrite?: Record<string, string>
}

/** A page to render again: its data as served, and as a build would give it now. */
export interface PageChange {
  path: string
  before: PageData
  after: PageData
}

/** Finds the pages a change reaches, reading the served build's data of any page (null when it has no such page). */
export type FindPages = (read: (pagePath: string) => Promise<PageData | null>) => Promise<PageChange[]>

export interface RepublishReport {
  pagesWritten: number
  /** The paths of the pages written. */
  pages: string[]
}

/** Renders the pages `find` answers into a new release and switches to it; throws and switches nothing on any doubt. */
export async function republish(options: RepublishOptions, find: FindPages, stage: (name: string) => void = () => undefined): Promise<RepublishReport> {
  const from = options.releases.currentDir()
  if (!from) throw new Error('no release to change')
  if (!canRenderPages(from)) throw new Error(`the release has no HTML renderer (${from})`)
  const publicDir = path.join(from, 'public')

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
  const changes = await find(read)
  if (changes.length === 0 && !options.alsoWrite) return { pagesWritten: 0, pages: [] }

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
  const files = new Map<string, string>(Object.entries(options.alsoWrite ?? {}))
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
  // The project's build folder does not hold the change: a restart must not serve it again.
  options.releases.markProjectBehind()
  return { pagesWritten: written.size, pages: [...written.keys()] }
}

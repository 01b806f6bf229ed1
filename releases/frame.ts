/**
 * The fast path for a change to the page frame's content alone (the top header, the menu, the account menu,
 * the footer, the smart banners): instead of `gatsby build`, which renders every page again because every page
 * reads the frame through its static queries, the frame is rendered once and patched into a new release.
 *
 * - The content is read and checked as the build reads it (the cms zod schemas, then every site link against
 *   the build's pages and the content's own), so a content error is refused the same way.
 * - The frame is rendered by the build's own HTML renderer (`.cache/page-ssr/routes/render-page.js`), with the
 *   same styled-components class names as the browser's bundle, so the patched pages hydrate without mismatch.
 * - Every page marks its header and footer regions (`<zampa-frame data-part=…>`, FrameRegion.tsx); in a copy of
 *   the release being served (unchanged files hard-linked), each page's regions are replaced by the new ones,
 *   styled-components rules the new frame needs and the page lacks are added in a style element of their own,
 *   and the frame's static-query results (`page-data/sq/d/<hash>.json`, which hydration and client-side
 *   navigation read, and the deferred pages' copy in `.cache/page-ssr/sq/`) are written with the new content.
 *   The release is then switched to by the same atomic rename as a build's, so `public/` stays whole and correct
 *   for a static host too.
 * - Before anything is written, the frame rendered from the release's current results must equal the regions of
 *   every page: a page whose frame depends on the page, or a renderer that does not reproduce the build's
 *   output, makes the fast path fail, and the runner falls back to a full build.
 *
 * The project's own build folder is left as it is: the next `gatsby build` sees the changed content against its
 * cache and renders every page with it.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { link, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { checkLinks, cmsPages, contentDir, readCms, type CmsContent } from '../cms/load'
import { cmsRegistry, type CmsName } from '../cms/registry'
import { eachLimited } from '../src/build/eachLimited'
import { FRAME_TAG, type FramePart } from '../src/config/frame'
import { SITE_PATHS_FILE } from '../src/build/sitePaths'
import { CONTENT_STAMP_FILE, readContentStamp, stampAfter, stampingReader, writeContentStamp, type ContentStamp } from '../src/build/contentStamp'
import { htmlRendererFile, loadHtmlRenderer } from './htmlRenderer'
import { SECRET_VARIABLES } from './secrets'
import type { Releases } from './releases'
import { SPLITTER, STYLE, styleGroups, type StyleGroup } from './styles'

/** The content the frame's static queries read (Header.tsx, Footer.tsx), each aliased by its own name. */
export const FRAME_CONTENT = ['topHeader', 'menu', 'accountMenu', 'footer', 'smartBanners'] as const satisfies readonly CmsName[]
export const FRAME_FILES: readonly string[] = FRAME_CONTENT.map((name) => `cms/${cmsRegistry[name].file}`)

/** Whether a change touches the frame's content and nothing else (the runner's choice of the fast path). */
export function isFrameOnly(files: readonly string[]): boolean {
  return files.length > 0 && files.every((file) => FRAME_FILES.includes(file))
}

const PARTS: readonly FramePart[] = ['header', 'footer']
const CLOSE = `</${FRAME_TAG}>`

/** Where a page's marked region starts and ends (its closing tag included), or null when the page has none. */
export function regionOf(html: string, part: FramePart): { start: number; end: number } | null {
  const open = `<${FRAME_TAG} data-part="${part}"`
  const start = html.indexOf(open)
  if (start < 0) return null
  const close = html.indexOf(CLOSE, start)
  if (close < 0 || html.indexOf(open, start + open.length) >= 0) throw new Error(`the page's ${part} region is not marked once`)
  return { start, end: close + CLOSE.length }
}

const FRAME_STYLE = /<style data-styled="[^"]*" data-styled-version="[^"]+" data-frame-styles="">[\s\S]*?<\/style>/

export interface Frame {
  header: string
  footer: string
  /** The rules of the components that render in the frame. */
  styles: StyleGroup[]
  styledVersion: string
}

/** The frame of a rendered page: its two regions, and the style groups of the components found in them. */
export function frameOf(html: string): Frame {
  const regions = PARTS.map((part) => {
    const region = regionOf(html, part)
    if (!region) throw new Error(`the rendered page has no ${part} region`)
    return html.slice(region.start, region.end)
  })
  const style = STYLE.exec(html)
  if (!style) throw new Error('the rendered page has no styled-components style element')
  const [header, footer] = regions as [string, string]
  const classes = new Set(`${header}${footer}`.match(/class="[^"]*"/g)?.flatMap((c) => c.slice(7, -1).split(' ')) ?? [])
  return { header, footer, styles: styleGroups(style[2]!).filter((group) => classes.has(group.id)), styledVersion: style[1]! }
}

/**
 * A page with the new frame in its regions, or null when it has none (pages without the frame). Throws when
 * the page's regions are not `previous` (the frame rendered from the results the page was built with): such a
 * page was not built from the same frame, and only a full build may change it.
 */
export function patchPage(html: string, previous: Frame, next: Frame): string | null {
  const header = regionOf(html, 'header')
  const footer = regionOf(html, 'footer')
  if (!header && !footer) return null
  if (!header || !footer || footer.start < header.end) throw new Error('a page has one frame region without the other')
  if (html.slice(header.start, header.end) !== previous.header || html.slice(footer.start, footer.end) !== previous.footer) {
    throw new Error('a page holds a frame other than the one its build rendered')
  }
  let patched = `${html.slice(0, header.start)}${next.header}${html.slice(header.end, footer.start)}${next.footer}${html.slice(footer.end)}`
  // The page's own rules: an earlier fast path's style element is replaced, not added to.
  patched = patched.replace(FRAME_STYLE, '')
  const style = STYLE.exec(patched)
  if (!style) return patched
  const own = new Set(style[2]!.split(SPLITTER))
  const missing = next.styles.filter((group) => group.rules.some((rule) => !own.has(rule)))
  if (missing.length === 0) return patched
  const css = missing.map((group) => [...group.rules, group.marker].map((part) => `${part}${SPLITTER}`).join('')).join('')
  const at = style.index + style[0].length
  // Read by styled-components in the browser like the page's own element, so the names are not injected twice.
  return `${patched.slice(0, at)}<style data-styled="" data-styled-version="${next.styledVersion}" data-frame-styles="">${css}</style>${patched.slice(at)}`
}

type StaticResults = Record<string, { data: Record<string, unknown> }>

/** The frame's static-query results of a release: those whose every field is a frame content read by its name. */
export function frameResults(publicDir: string): StaticResults {
  const dir = path.join(publicDir, 'page-data', 'sq', 'd')
  const results: StaticResults = {}
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    if (!file.endsWith('.json')) continue
    const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { data?: Record<string, unknown> }
    const fields = Object.keys(result.data ?? {})
    if (fields.length > 0 && fields.every((field) => (FRAME_CONTENT as readonly string[]).includes(field))) results[file.slice(0, -'.json'.length)] = result as StaticResults[string]
  }
  return results
}

/** The same results with the new content, as Gatsby writes them (`{"data":{"menu":{"data":…}}}`). */
export function withContent(results: StaticResults, content: CmsContent): StaticResults {
  return Object.fromEntries(
    Object.entries(results).map(([hash, result]) => [hash, { data: Object.fromEntries(Object.keys(result.data).map((field) => [field, { data: content[field as CmsName] }])) }]),
  )
}

interface PageData {
  path: string
  staticQueryHashes: string[]
}

/**
 * The frame as the build's renderer renders it with these static-query results in place of the release's own,
 * around the release's 404 page, at `pagePath` (its own path by default): a Gatsby link to the page being shown
 * carries `aria-current="page"`, so the frame of a page the frame links to is its own.
 */
export async function renderWith(siteDir: string, results: StaticResults, pagePath?: string): Promise<Frame> {
  const publicDir = path.join(siteDir, 'public')
  // The 404 page carries the frame around the least content; the home page when there is none.
  const pageDataFile = ['404.html', 'index'].map((name) => path.join(publicDir, 'page-data', name, 'page-data.json')).find((file) => existsSync(file))
  if (!existsSync(htmlRendererFile(siteDir)) || !pageDataFile) throw new Error(`the release has no HTML renderer or page to render the frame with (${siteDir})`)
  const pageData = JSON.parse(readFileSync(pageDataFile, 'utf8')) as PageData
  const { webpackCompilationHash } = JSON.parse(readFileSync(path.join(publicDir, 'page-data', 'app-data.json'), 'utf8')) as { webpackCompilationHash: string }
  const staticQueryContext = Object.fromEntries(
    pageData.staticQueryHashes.map((hash) => [hash, results[hash] ?? JSON.parse(readFileSync(path.join(publicDir, 'page-data', 'sq', 'd', `${hash}.json`), 'utf8'))]),
  )
  // Loaded as the search pages load it, so that the server lets go of it with the release (../htmlRenderer.ts).
  const render = loadHtmlRenderer(siteDir)
  const { html } = await render.default({ pagePath: pagePath ?? pageData.path, pageData, staticQueryContext, webpackCompilationHash, styles: [], scripts: [], reversedStyles: [], reversedScripts: [] })
  return frameOf(html)
}

/** The site paths a frame links to. */
export function linkedPaths(frame: Frame): Set<string> {
  return new Set([...`${frame.header}${frame.footer}`.matchAll(/<a [^>]*?href="(\/[^"]*)"/g)].map((match) => match[1]!))
}

/** The page a public/ HTML file is: `index.html` → `/`, `cane/index.html` → `/cane`, `404.html` → `/404.html`. */
export function pagePathOf(relative: string): string {
  const file = relative.split(path.sep).join('/')
  if (file === 'index.html') return '/'
  return `/${file.endsWith('/index.html') ? file.slice(0, -'/index.html'.length) : file}`
}

/** Folders of public/ that hold no page: page data and hashed assets. */
const NO_PAGES = new Set(['page-data', 'static', '_gatsby'])

/** Whether a file of public/ (relative to it) is a page's HTML. */
export function isPageFile(file: string): boolean {
  return file.endsWith('.html') && !NO_PAGES.has(file.split(path.sep)[0]!)
}

/** Replaces a file of a hard-linked copy by a new one, never writing through the link into the release it came from. */
function replaceFile(file: string, text: string): void {
  rmSync(file, { force: true })
  writeFileSync(file, text)
}

export interface FrameOptions {
  projectDir: string
  releases: Releases
  env?: NodeJS.ProcessEnv
}

export interface FrameReport {
  pagesWritten: number
  /** Pages that lacked a rule of the new frame and got it in a style element of their own. */
  stylesAdded: number
}

/** Checks the content as the build does and makes the new frame live in a new release; throws and switches nothing on any doubt. */
export async function publishFrame(options: FrameOptions, stage: (name: string) => void = () => undefined): Promise<FrameReport> {
  const from = options.releases.currentDir()
  if (!from) throw new Error('no release to patch')
  stage('controllo dei contenuti')
  const stamp: ContentStamp = {}
  const content = readCms(stampingReader(readFromDir(contentDir(options.env)), stamp))
  const sitePaths = new Set(JSON.parse(readFileSync(path.join(options.projectDir, SITE_PATHS_FILE), 'utf8')) as string[])
  for (const page of cmsPages(content)) sitePaths.add(page)
  checkLinks(content, (sitePath) => sitePaths.has(sitePath))

  stage('intestazione e piè di pagina')
  const current = frameResults(path.join(from, 'public'))
  if (Object.keys(current).length === 0) throw new Error('the release has no static query of the frame')
  const next = withContent(current, content)
  const everywhere = { previous: await renderWith(from, current), next: await renderWith(from, next) }
  // A page the frame links to (before or after the change) has a frame of its own; the menu's links, not the
  // catalog, set how many.
  const ownFrames = new Map<string, typeof everywhere>()
  for (const linked of new Set([...linkedPaths(everywhere.previous), ...linkedPaths(everywhere.next)])) {
    ownFrames.set(linked, { previous: await renderWith(from, current, linked), next: await renderWith(from, next, linked) })
  }
  // The same guard as a build's: a server-side secret never reaches a public file (releases/secrets.ts).
  const published = `${[everywhere, ...ownFrames.values()].map(({ next: frame }) => `${frame.header}${frame.footer}`).join('')}${JSON.stringify(next)}`
  const leaked = SECRET_VARIABLES.filter((name) => options.env?.[name]?.trim() && published.includes(options.env[name].trim()))
  if (leaked.length) throw new Error(`the frame would put server-side secrets in public files: ${leaked.join(', ')}`)

  stage('pubblicazione')
  let pagesWritten = 0
  let stylesAdded = 0
  const isPage = (file: string) => file.startsWith(`public${path.sep}`) && isPageFile(file.slice('public'.length + 1))
  // Every page is written anew or linked by the patch below, so the release is made without them.
  await options.releases.derive(async (dir, from, pageFiles) => {
    // The content this release shows now: the frame's files (src/build/contentStamp.ts).
    const shows = stampAfter(readContentStamp(from), stamp, FRAME_FILES)
    if (shows) {
      rmSync(path.join(dir, CONTENT_STAMP_FILE), { force: true })
      writeContentStamp(dir, shows)
    }
    for (const [hash, result] of Object.entries(next)) {
      const text = JSON.stringify(result)
      replaceFile(path.join(dir, 'public', 'page-data', 'sq', 'd', `${hash}.json`), text)
      const deferred = path.join(dir, '.cache', 'page-ssr', 'sq', `${hash}.json`)
      if (existsSync(deferred)) replaceFile(deferred, text)
    }
    const sourceDir = path.join(from, 'public')
    const files = pageFiles.map((file) => path.relative('public', file))
    // A few files at a time, asynchronously: the server goes on answering shoppers while it patches.
    await eachLimited(files, 8, async (file) => {
      const source = path.join(sourceDir, file)
      const target = path.join(dir, 'public', file)
      const html = await readFile(source, 'utf8')
      const frames = ownFrames.get(pagePathOf(file)) ?? everywhere
      const patched = patchPage(html, frames.previous, frames.next)
      if (patched === null || patched === html) {
        await link(source, target)
        return
      }
      if (patched.includes('data-frame-styles=""')) stylesAdded++
      await writeFile(target, patched)
      pagesWritten++
    })
  }, isPage)
  // The project's build folder still holds the old frame: a restart must not serve it again.
  options.releases.markProjectBehind()
  return { pagesWritten, stylesAdded }
}

const readFromDir = (dir: string) => (file: string) => readFileSync(path.join(dir, file), 'utf8')

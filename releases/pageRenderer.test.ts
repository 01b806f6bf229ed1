/**
 * The page renderer over a stand-in for Gatsby's: the page's static-query results and slices given and stitched
 * as the build gives them, and renders taken in turn, since the styled-components plugin keeps a render's sheet
 * by the page's path until the render ends (two searches rendered at once both came without their styles).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { htmlRendererFile, unloadBuild } from './htmlRenderer'
import { canRenderPages, pageDataFile, pageRenderer, readPageData, withSlices, type PageData } from './pageRenderer'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'zampa-page-renderer-'))
})
afterEach(() => {
  unloadBuild(dir)
  rmSync(dir, { recursive: true, force: true })
})

function file(name: string, content: string): void {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
  writeFileSync(path.join(dir, name), content)
}

/** A renderer that, like gatsby-plugin-styled-components, puts a render's sheet in a map by path and reads it back at its end. */
function writeBuild(): void {
  file('public/page-data/sq/d/7.json', JSON.stringify({ data: { phrase: 'Spedizione gratuita' } }))
  file('public/page-data/app-data.json', JSON.stringify({ webpackCompilationHash: 'abc' }))
  file('public/webpack.stats.json', JSON.stringify({ assetsByChunkName: { app: [] }, childAssetsByChunkName: {}, namedChunkGroups: {} }))
  file('public/_gatsby/slices/_gatsby-scripts-1.html', '<script src="/app.js"></script>')
  file(
    path.relative(dir, htmlRendererFile(dir)),
    `const sheets = new Map()
     exports.default = async (args) => {
       sheets.set(args.pagePath, 'styles of ' + JSON.stringify(args.pageData.result))
       await new Promise((resolve) => setTimeout(resolve, 5))
       const sheet = sheets.get(args.pagePath)
       sheets.delete(args.pagePath)
       return { html: '<head>' + (sheet ? '<style>' + sheet + '</style>' : '') + '</head><body>' + args.staticQueryContext['7'].data.phrase +
         ' ' + JSON.stringify(args.pageData.result) + '\\u0000<slice-start id="_gatsby-scripts-1"></slice-start><slice-end id="_gatsby-scripts-1"></slice-end></body>' }
     }`,
  )
}

const page = (term: string): PageData => ({ componentChunkName: 'component---src-pages-s-tsx', path: '/s', result: { serverData: { term } }, staticQueryHashes: ['7'] })

it('renders a page with its static-query results and slices, without NUL bytes', async () => {
  writeBuild()
  expect(canRenderPages(dir)).toBe(true)
  const html = await pageRenderer(dir)(page('osso'))
  expect(html).toBe('<head><style>styles of {"serverData":{"term":"osso"}}</style></head><body>Spedizione gratuita {"serverData":{"term":"osso"}}<!-- slice-start id="_gatsby-scripts-1" --><script src="/app.js"></script><!-- slice-end id="_gatsby-scripts-1" --></body>')
})

it('gives each of several renders of one path at once its own styles', async () => {
  writeBuild()
  const render = pageRenderer(dir)
  const other = pageRenderer(dir)
  const pages = await Promise.all(['osso', 'gatto', 'cane'].map((term, i) => (i % 2 ? other : render)(page(term))))
  pages.forEach((html, i) => expect(html).toContain(`<style>styles of {"serverData":{"term":"${['osso', 'gatto', 'cane'][i]}"}}</style>`))
})

it('goes on rendering after a render that failed', async () => {
  writeBuild()
  const render = pageRenderer(dir)
  await expect(render({ ...page('osso'), staticQueryHashes: ['missing'] })).rejects.toThrow()
  expect(await render(page('cane'))).toContain('"term":"cane"')
})

it('refuses a build without a renderer, and reads page data where Gatsby writes it', () => {
  expect(canRenderPages(dir)).toBe(false)
  expect(() => pageRenderer(dir)).toThrow(/no HTML renderer/)
  expect(pageDataFile(path.join(dir, 'public'), '/')).toBe(path.join(dir, 'public', 'page-data', 'index', 'page-data.json'))
  expect(readPageData(path.join(dir, 'public'), '/gatto')).toBeNull()
  expect(() => withSlices('<slice-start id="x"></slice-start>', () => '')).toThrow(/placeholder/)
})

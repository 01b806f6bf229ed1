/**
 * The pages a change to a content page's file shows on, against a real platform for the shelves: the data the build
 * gives each content page is computed here as gatsby-node.ts computes it, then the content changes, and exactly the
 * pages that read the changed entry must come back with what a build would give them now.
 */
import { cmsPages, readCms, type CmsContent } from '../../cms/load'
import { flyerPath } from '../../cms/schema/flyers'
import { cmsAppPagePath, cmsPagePath } from '../../cms/schema/pages'
import { startPlatform, type RunningPlatform } from '../../platform'
import { createEmbeddedCommerce } from '../commerce/embedded'
import type { CatalogAdapter } from '../commerce'
import { catalogNames } from '../handlers/catalogNames'
import type { PageDataOf } from './catalogChange'
import { NeedsBuild } from './catalogChange'
import { contentPagesChanged } from './contentChange'
import { fillShelves } from './listings'

let platform: RunningPlatform
let catalog: CatalogAdapter
const content = readCms()

beforeAll(async () => {
  platform = await startPlatform({ port: 0, dataDir: 'memory://', seedProducts: 200 })
  catalog = createEmbeddedCommerce({ baseUrl: platform.url, freshReads: true }).catalog
}, 60_000)
afterAll(() => platform?.close())

/** The content pages as the build makes them from `from`. */
async function buildPages(from: CmsContent): Promise<Map<string, PageDataOf>> {
  const names = await catalogNames(catalog)
  const pages = new Map<string, PageDataOf>()
  pages.set('/', { path: '/', result: { data: { cmsContent: { data: from.home } }, pageContext: { shelves: await fillShelves(catalog, names, from.home.sections, 'home.json') } } })
  pages.set(`/${from.servicesBooking.slug}`, { path: `/${from.servicesBooking.slug}`, result: { data: { cmsContent: { data: from.servicesBooking } }, pageContext: {} } })
  for (const page of from.pages.pages) {
    const shelves = await fillShelves(catalog, names, page.sections, 'pages.json')
    pages.set(cmsPagePath(page.slug), { path: cmsPagePath(page.slug), result: { data: { cmsEntry: { data: page } }, pageContext: { slug: page.slug, shelves, app: false } } })
    if (page.appVariant) pages.set(cmsAppPagePath(page.slug), { path: cmsAppPagePath(page.slug), result: { data: { cmsEntry: { data: page } }, pageContext: { slug: page.slug, shelves, app: true } } })
  }
  for (const flyer of from.flyers.flyers) {
    pages.set(flyerPath(flyer.slug), { path: flyerPath(flyer.slug), result: { data: { cmsEntry: { data: flyer } }, pageContext: { slug: flyer.slug, shelves: await fillShelves(catalog, names, flyer.shelves, 'flyers.json') } } })
  }
  return pages
}

const files = ['cms/home.json', 'cms/pages.json', 'cms/flyers.json', 'cms/services-booking.json']

it('finds nothing to render when the content is the build’s: the data it computes is the build’s, byte for byte', async () => {
  const pages = await buildPages(content)
  expect(await contentPagesChanged({ files, content, built: cmsPages(content), read: async (p) => pages.get(p) ?? null, catalog })).toEqual([])
})

it('renders one CMS page and its app variant when that page’s heading changed, and no other page of the file', async () => {
  const pages = await buildPages(content)
  const page = content.pages.pages.find((p) => p.appVariant)!
  const changed: CmsContent = { ...content, pages: { ...content.pages, pages: content.pages.pages.map((p) => (p === page ? { ...p, heading: 'Un titolo nuovo' } : p)) } }
  const found = await contentPagesChanged({ files: ['cms/pages.json'], content: changed, built: cmsPages(content), read: async (p) => pages.get(p) ?? null, catalog })
  expect(found.map((c) => c.path)).toEqual([cmsPagePath(page.slug), cmsAppPagePath(page.slug)])
  expect((found[0]!.after.result.data!.cmsEntry as { data: { heading: string } }).data.heading).toBe('Un titolo nuovo')
  expect(found[1]!.after.result.pageContext).toEqual(found[1]!.before.result.pageContext)
})

it('renders the home page with its shelves filled again when a shelf changed', async () => {
  const pages = await buildPages(content)
  const shelfAt = content.home.sections.findIndex((s) => s.type === 'productShelf')
  expect(shelfAt).toBeGreaterThanOrEqual(0)
  const sections = content.home.sections.map((s, i) => (i === shelfAt && s.type === 'productShelf' ? { ...s, limit: Math.max(1, s.limit - 1) } : s))
  const changed: CmsContent = { ...content, home: { ...content.home, sections } }
  const found = await contentPagesChanged({ files: ['cms/home.json'], content: changed, built: cmsPages(content), read: async (p) => pages.get(p) ?? null, catalog })
  expect(found.map((c) => c.path)).toEqual(['/'])
  const before = (found[0]!.before.result.pageContext!.shelves as unknown[][])[shelfAt]!
  expect((found[0]!.after.result.pageContext!.shelves as unknown[][])[shelfAt]).toEqual(before.slice(0, before.length - 1))
})

it('leaves to a build a change that adds, removes or moves a page', async () => {
  const pages = await buildPages(content)
  const read = async (p: string) => pages.get(p) ?? null
  const added: CmsContent = { ...content, pages: { ...content.pages, pages: [...content.pages.pages, { ...content.pages.pages[0]!, slug: 'pagina-nuova' }] } }
  await expect(contentPagesChanged({ files: ['cms/pages.json'], content: added, built: cmsPages(content), read, catalog })).rejects.toThrow(NeedsBuild)
  await expect(contentPagesChanged({ files: ['cms/pages.json'], content: added, built: cmsPages(content), read, catalog })).rejects.toThrow('+/pagina-nuova')
  const moved: CmsContent = { ...content, servicesBooking: { ...content.servicesBooking, slug: 'prenota' } }
  await expect(contentPagesChanged({ files: ['cms/services-booking.json'], content: moved, built: cmsPages(content), read, catalog })).rejects.toThrow(/-\/prenota-servizi|\+\/prenota/)
})

/**
 * The pages a price or stock change shows on, against a real platform: the data the build gave each page is
 * computed here the way gatsby-node.ts computes it, then a sku's price or stock changes through the platform's
 * admin API, and exactly the pages that show it must come back, with what a build would give them now.
 */
import { cmsPages, readCms } from '../../cms/load'
import { flyerPath } from '../../cms/schema/flyers'
import { cmsAppPagePath, cmsPagePath } from '../../cms/schema/pages'
import { startPlatform, type RunningPlatform } from '../../platform'
import { createEmbeddedCommerce } from '../commerce/embedded'
import type { CatalogAdapter } from '../commerce'
import { paths } from '../config/paths'
import { toProductNode } from '../domain/productNode'
import type { Category, Product } from '../domain/types'
import { catalogNames } from '../handlers/catalogNames'
import { NeedsBuild, pagesShowing, shapedLike, type PageDataOf } from './catalogChange'
import { brandListing, categoryListing, fillShelves, listingView } from './listings'
import { lineage } from './nodes'

const ADMIN = 'admin-token-of-the-catalog-change-test-0123456789'
let platform: RunningPlatform
let catalog: CatalogAdapter
let products: Product[]
let categories: Category[]
const content = readCms()
/** The content pages the build makes of that content. */
const built = cmsPages(content)

beforeAll(async () => {
  platform = await startPlatform({ port: 0, dataDir: 'memory://', seedProducts: 300, adminToken: ADMIN })
  catalog = createEmbeddedCommerce({ baseUrl: platform.url, freshReads: true }).catalog
  products = (await catalog.products(0, 500)).items
  categories = await catalog.categories()
}, 60_000)
afterAll(() => platform?.close())

/** Every page that reads products, with the data the build gives it: product pages, listings and the home page's shelves. */
async function buildPages(): Promise<Map<string, PageDataOf>> {
  const names = await catalogNames(catalog)
  const byId = new Map(categories.map((c) => [c.id, c]))
  const pages = new Map<string, PageDataOf>()
  for (const product of products) {
    const node = toProductNode(product, lineage(product.categoryId, byId).map((c) => c.id))
    pages.set(paths.product(product.slug), { path: paths.product(product.slug), result: { data: { product: node }, pageContext: { slug: product.slug } } })
  }
  for (const category of categories) {
    const base = paths.category(category.slug)
    pages.set(base, { path: base, result: { data: {}, pageContext: { prerendered: await listingView(catalog, names, base, categoryListing(category.slug)) } } })
  }
  for (const brand of names.brands) {
    const base = paths.brand(brand.slug)
    pages.set(base, { path: base, result: { data: {}, pageContext: { prerendered: await listingView(catalog, names, base, brandListing(brand.slug)) } } })
  }
  pages.set('/', { path: '/', result: { data: { cmsContent: { data: content.home } }, pageContext: { shelves: await fillShelves(catalog, names, content.home.sections, 'home.json') } } })
  pages.set(`/${content.servicesBooking.slug}`, { path: `/${content.servicesBooking.slug}`, result: { data: { cmsContent: { data: content.servicesBooking } }, pageContext: {} } })
  const shelved = [
    ...content.pages.pages.map((page) => ({ at: [cmsPagePath(page.slug), ...(page.appVariant ? [cmsAppPagePath(page.slug)] : [])], sections: page.sections, entry: page })),
    ...content.flyers.flyers.map((flyer) => ({ at: [flyerPath(flyer.slug)], sections: flyer.shelves, entry: flyer })),
  ]
  for (const page of shelved) {
    const shelves = await fillShelves(catalog, names, page.sections, 'pages.json')
    for (const at of page.at) pages.set(at, { path: at, result: { data: { cmsEntry: { data: page.entry } }, pageContext: { shelves } } })
  }
  return pages
}

const patchSku = async (sku: string, body: object) => {
  const answer = await fetch(`${platform.url}/api/admin/skus/${sku}`, { method: 'PATCH', headers: { 'x-admin-token': ADMIN, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(answer.status).toBe(200)
}

it('finds nothing to render when nothing changed: it computes the data this test gives the pages as the build does', async () => {
  const pages = await buildPages()
  const sku = products[0]!.hasVariant[0]!.sku
  expect(await pagesShowing({ skus: [sku], built, read: async (p) => pages.get(p) ?? null, catalog })).toEqual([])
})

it('renders a changed price on its product page, its category and each ancestor’s listing, its brand’s listing, and the shelves that hold it, and nowhere else', async () => {
  const pages = await buildPages()
  // A product the home page's shelves hold, so a shelf must change too.
  const shelved = new Set((pages.get('/')!.result.pageContext!.shelves as ({ id: string }[] | null)[]).flatMap((shelf) => shelf?.map((p) => p.id) ?? []))
  const product = products.find((p) => shelved.has(p.id) && p.hasVariant.length === 1)!
  const variant = product.hasVariant[0]!
  const newPrice = Math.round(variant.offers.price * 100 + 101) / 100
  await patchSku(variant.sku, { price: newPrice })
  const changed = await pagesShowing({ skus: [variant.sku], built, read: async (p) => pages.get(p) ?? null, catalog })

  const ancestors = lineage(product.categoryId, new Map(categories.map((c) => [c.id, c])))
  const listings = [...ancestors.map((c) => paths.category(c.slug)), paths.brand(product.brand.slug)]
  expect(changed.map((c) => c.path).sort()).toEqual([paths.product(product.slug), ...listings, '/'].sort())
  const productPage = changed.find((c) => c.path === paths.product(product.slug))!
  expect((productPage.after.result.data!.product as { hasVariant: { offers: { price: number } }[] }).hasVariant[0]!.offers.price).toBe(newPrice)
  expect(productPage.after.result.pageContext).toEqual(productPage.before.result.pageContext)
  for (const listing of listings) {
    const view = changed.find((c) => c.path === listing)!.after.result.pageContext!.prerendered as { products: { id: string; hasVariant: { offers: { price: number } }[] }[] }
    // The listing shows the new price when its first page holds the product; its price facet counts it either way.
    const shown = view.products.find((p) => p.id === product.id)
    if (shown) expect(shown.hasVariant[0]!.offers.price).toBe(newPrice)
  }
  const home = changed.find((c) => c.path === '/')!.after.result.pageContext!.shelves as ({ id: string; hasVariant: { offers: { price: number } }[] }[] | null)[]
  expect(home.flat().find((p) => p?.id === product.id)?.hasVariant[0]!.offers.price).toBe(newPrice)
})

it('fills a content page’s shelves from the sections it was built with, not from the content on disk', async () => {
  const pages = await buildPages()
  const home = pages.get('/')!
  const sections = (home.result.data!.cmsContent as { data: { sections: { type: string; limit?: number }[] } }).data.sections
  const shelfAt = sections.findIndex((section) => section.type === 'productShelf')
  const shelf = (home.result.pageContext!.shelves as { id: string; hasVariant: { sku: string; offers: { price: number } }[] }[][])[shelfAt]!
  // The page was built with a shelf of two; the content on disk (the test's `content`) says more.
  const built = sections.map((section, i) => (i === shelfAt ? { ...section, limit: 2 } : section))
  pages.set('/', { ...home, result: { ...home.result, data: { cmsContent: { data: { ...content.home, sections: built } } }, pageContext: { shelves: (home.result.pageContext!.shelves as unknown[][]).map((s, i) => (i === shelfAt ? s.slice(0, 2) : s)) } } })
  const variant = shelf[0]!.hasVariant[0]!
  await patchSku(variant.sku, { price: Math.round(variant.offers.price * 100 + 7) / 100 })
  const changed = await pagesShowing({ skus: [variant.sku], built: cmsPages(content), read: async (p) => pages.get(p) ?? null, catalog })
  const after = changed.find((c) => c.path === '/')!.after.result.pageContext!.shelves as unknown[][]
  expect(after[shelfAt]).toHaveLength(2)
})

it('renders a product that runs out of stock the same way', async () => {
  const pages = await buildPages()
  const product = products.find((p) => p.hasVariant.length > 1)!
  await patchSku(product.hasVariant[1]!.sku, { lowPrice: 0 })
  const changed = await pagesShowing({ skus: [product.hasVariant[1]!.sku], built, read: async (p) => pages.get(p) ?? null, catalog })
  const productPage = changed.find((c) => c.path === paths.product(product.slug))!
  expect((productPage.after.result.data!.product as { hasVariant: { offers: { lowPrice: number } }[] }).hasVariant[1]!.offers.lowPrice).toBe(0)
})

it('leaves to a build a sku no listed product holds, and a product whose page the served build lacks', async () => {
  const pages = await buildPages()
  await expect(pagesShowing({ skus: ['no-such-sku'], built, read: async (p) => pages.get(p) ?? null, catalog })).rejects.toThrow(NeedsBuild)
  const product = products[3]!
  const read = async (p: string) => (p === paths.product(product.slug) ? null : (pages.get(p) ?? null))
  await expect(pagesShowing({ skus: [product.hasVariant[0]!.sku], built, read, catalog })).rejects.toThrow(/has no page/)
})

it('keeps a page query’s fields and their order, and refuses a field the catalog no longer gives', () => {
  expect(JSON.stringify(shapedLike({ b: 2, a: 1, c: [{ y: 2, x: 1 }] }, { a: 0, b: 0, c: [{ x: 0, y: 0 }] }))).toBe('{"a":1,"b":2,"c":[{"x":1,"y":2}]}')
  expect(shapedLike({ a: null }, { a: { x: 1 } })).toEqual({ a: null })
  expect(() => shapedLike({ a: 1 }, { a: 0, gone: 0 })).toThrow(/"gone"/)
})

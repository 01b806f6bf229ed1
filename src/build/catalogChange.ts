/**
 * The pages a price or stock change shows on, with the data a build would give them now: what the catalog fast
 * path (releases/catalog.ts) renders instead of running `gatsby build`.
 *
 * A sku's change reaches
 * - its product's page (the page query's product, read from the catalog as sourcing reads it);
 * - the listings it is listed on: the product's category and each of its ancestors, and its brand, whose
 *   prerendered default view (products, price ranges, counts) is searched again as the build searches it;
 * - the content pages whose product shelves could hold it (a shelf fixed to its category or brand, or to none),
 *   filled again as the build fills them from the sections the page was built with.
 * No other page of a build reads a product. Each page comes back only when its data changed.
 *
 * Anything a price or stock change cannot be is refused with the reason, and the caller builds the whole site: a
 * sku no listed product holds (a product taken off the catalog), a product whose page the served build lacks (a
 * new product, or a changed address), or one whose category or brand changed (its old listings would keep it).
 */
import type { CmsSection } from '../../cms/schema/sections'
import { freshCatalog, type CatalogAdapter } from '../commerce'
import { paths } from '../config/paths'
import { toProductNode } from '../domain/productNode'
import { catalogNames } from '../handlers/catalogNames'
import { eachLimited } from './eachLimited'
import { brandListing, categoryListing, fillShelves, listingView } from './listings'
import { lineage } from './nodes'
import type { SelectedFacet } from '../domain/search/state'

/** A page's data as Gatsby writes it; only `result` is read and changed here. */
export interface PageDataOf {
  path: string
  result: { data?: Record<string, unknown>; pageContext?: Record<string, unknown> } & Record<string, unknown>
}

export interface ChangedPage<P extends PageDataOf> {
  path: string
  before: P
  after: P
}

export interface CatalogChangeInput<P extends PageDataOf> {
  skus: readonly string[]
  /** The content pages the served build made (src/build/contentChange.ts's CONTENT_PAGES_FILE). */
  built: readonly string[]
  /** The served build's data of a page, prebuilt or deferred; null when it has no such page. */
  read: (pagePath: string) => Promise<P | null>
  /** freshCatalog() unless given. */
  catalog?: CatalogAdapter
}

/** A change the fast path does not carry; the whole site is built instead. */
export class NeedsBuild extends Error {}

/**
 * `value` with the keys, and key order, of `example` (a page query's answer is the node's fields in the query's
 * order). Throws when the page reads a field the value lacks.
 */
export function shapedLike(value: unknown, example: unknown): unknown {
  if (Array.isArray(value)) return Array.isArray(example) && example.length > 0 ? value.map((item) => shapedLike(item, example[0])) : value
  if (value === null || typeof value !== 'object' || example === null || typeof example !== 'object' || Array.isArray(example)) return value
  const from = value as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(example).map((key) => {
      if (!Object.hasOwn(from, key)) throw new NeedsBuild(`the catalog's product has no field "${key}" that the page reads`)
      return [key, shapedLike(from[key], (example as Record<string, unknown>)[key])]
    }),
  )
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The shelf sections a content page's own data holds: the home page's and a CMS page's `sections`, a flyer's `shelves`. */
function sectionsOf(page: PageDataOf): { sections: CmsSection[]; file: string } {
  const home = (page.result.data?.cmsContent as { data?: { sections?: CmsSection[] } } | undefined)?.data?.sections
  if (home) return { sections: home, file: 'home.json' }
  const entry = (page.result.data?.cmsEntry as { data?: { sections?: CmsSection[]; shelves?: CmsSection[] } } | undefined)?.data
  if (entry?.sections) return { sections: entry.sections, file: 'pages.json' }
  if (entry?.shelves) return { sections: entry.shelves, file: 'flyers.json' }
  throw new NeedsBuild(`the page ${page.path} has shelves but no sections of its own`)
}

/** Whether a shelf fixed to these facets could hold a product of these categories and brand. */
function shelfMayHold(section: CmsSection, categorySlugs: Set<string>, brandSlug: string): boolean {
  if (section.type !== 'productShelf') return false
  return (!section.category || categorySlugs.has(section.category)) && (!section.brand || section.brand === brandSlug)
}

/** Every page whose data the change of these skus changes, before and after. */
export async function pagesShowing<P extends PageDataOf>(input: CatalogChangeInput<P>): Promise<ChangedPage<P>[]> {
  const catalog = input.catalog ?? freshCatalog()
  const skus = [...new Set(input.skus)]
  const products = await catalog.productsBySku(skus)
  const held = new Set(products.flatMap((product) => product.hasVariant.map((variant) => variant.sku)))
  const missing = skus.filter((sku) => !held.has(sku))
  if (missing.length > 0) throw new NeedsBuild(`no listed product holds ${missing.join(', ')}: only a build takes a product's pages away`)
  const [categories, names] = await Promise.all([catalog.categories(), catalogNames(catalog)])
  const byId = new Map(categories.map((category) => [category.id, category]))

  const changed: ChangedPage<P>[] = []
  const readOrRefuse = async (pagePath: string, why: string): Promise<P> => {
    const page = await input.read(pagePath)
    if (!page) throw new NeedsBuild(`the served build has no page ${pagePath} (${why})`)
    return page
  }
  const keep = (pagePath: string, before: P, result: P['result']) => {
    if (!same(before.result, result)) changed.push({ path: pagePath, before, after: { ...before, result } })
  }

  const listings = new Map<string, SelectedFacet[]>()
  const categorySlugs = new Set<string>()
  const brandSlugs = new Set<string>()
  for (const product of products) {
    const ancestors = lineage(product.categoryId, byId)
    if (ancestors.length === 0) throw new NeedsBuild(`product ${product.id} is in category ${product.categoryId}, which the catalog does not list`)
    const pagePath = paths.product(product.slug)
    const before = await readOrRefuse(pagePath, `the product page of ${product.id}: a new product or a changed address`)
    const node = toProductNode(product, ancestors.map((category) => category.id))
    const shown = before.result.data?.product as Record<string, unknown> | undefined
    if (!shown) throw new NeedsBuild(`the page ${pagePath} shows no product`)
    if (!same(shown.categoryIds, node.categoryIds) || !same(shown.brand, node.brand)) throw new NeedsBuild(`product ${product.id} changed category or brand: its old listings must lose it`)
    keep(pagePath, before, { ...before.result, data: { ...before.result.data, product: shapedLike(node, shown) } })
    for (const category of ancestors) {
      listings.set(paths.category(category.slug), categoryListing(category.slug))
      categorySlugs.add(category.slug)
    }
    listings.set(paths.brand(product.brand.slug), brandListing(product.brand.slug))
    brandSlugs.add(product.brand.slug)
  }

  // A few searches at once, as gatsby-node.ts prerenders the listings; kept in the listings' order.
  const views = new Map<string, { before: P; view: unknown }>()
  await eachLimited([...listings], 4, async ([pagePath, fixed]) => {
    const before = await readOrRefuse(pagePath, 'a listing of the changed products')
    views.set(pagePath, { before, view: await listingView(catalog, names, pagePath, fixed) })
  })
  for (const [pagePath] of listings) {
    const { before, view } = views.get(pagePath)!
    keep(pagePath, before, { ...before.result, pageContext: { ...before.result.pageContext, prerendered: view } })
  }

  // The content pages' shelves, each from the sections its own data holds: the content it was built from, not the
  // content on disk, which may hold a publish not live yet.
  const mayHold = (section: CmsSection) => [...brandSlugs].some((brand) => shelfMayHold(section, categorySlugs, brand))
  const filled = new Map<string, Promise<unknown>>()
  for (const pagePath of ['/', ...input.built]) {
    const before = await readOrRefuse(pagePath, 'a content page')
    if (!Array.isArray(before.result.pageContext?.shelves)) continue
    const { sections, file } = sectionsOf(before)
    if (!sections.some(mayHold)) continue
    const key = JSON.stringify(sections)
    if (!filled.has(key)) filled.set(key, fillShelves(catalog, names, sections, file))
    keep(pagePath, before, { ...before.result, pageContext: { ...before.result.pageContext, shelves: await filled.get(key) } })
  }
  return changed
}

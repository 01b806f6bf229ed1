/**
 * The catalog over VTEX's Catalog API (category tree, brands), Intelligent
 * Search (products, search with facets and sort, suggestions) and the Pricing
 * API (the price tiers of the products it sources). Answers are read with zod
 * before they are mapped, so an answer of another shape is a 502, never a
 * crash later on. Only a failed product list fails a search: without its
 * facets it answers the products and says so (`facetsUnavailable`), and the
 * suggestions answer whichever of their terms and products VTEX gave.
 */
import { z } from 'zod/v4'
import { badRequest, CommerceError, notFound } from '../errors'
import type { Brand, BreadcrumbItem, Category, Facet, PriceTier, Product, ProductSummary, SearchQuery, SearchResult } from '../../domain/types'
import type { CatalogAdapter } from '../capabilities/catalog'
import type { VtexClient } from './client'
import { catalogListing, chunks, SEARCH_LAST_PAGE } from './listing'
import { read } from './read'
import { facetPath, SORTS } from './search'

/** Intelligent Search's own path on the account's host. */
export const SEARCH_PATH = '/api/io/_v/api/intelligent-search'
/** The most products Intelligent Search answers per page. */
export const SEARCH_PAGE_MAX = 50
/** The category levels read from the catalog's tree: the storefront has pages for four. */
export const CATEGORY_TREE_DEPTH = 4
/** How long breadcrumbs trust the category tree read last: a category added or renamed shows in them within this. */
export const CATEGORY_TREE_TTL_MS = 10 * 60_000
/** Pricing calls in flight at once while a page of products is read: one per sku, kept few so the account is not throttled. */
export const PRICING_CONCURRENCY = 6

interface TreeNode {
  id: number
  name: string
  url: string
  children: TreeNode[]
}
const TreeNode: z.ZodType<TreeNode> = z.lazy(() => z.object({ id: z.number(), name: z.string(), url: z.string(), children: z.array(TreeNode) }))

const Offer = z.object({ Price: z.number(), ListPrice: z.number(), AvailableQuantity: z.number() })
const SearchProduct = z.object({
  productId: z.string(),
  productName: z.string(),
  brand: z.string(),
  brandId: z.number(),
  linkText: z.string(),
  description: z.string().optional().default(''),
  releaseDate: z.union([z.number(), z.string()]).optional(),
  categories: z.array(z.string()),
  // Each category path of the product as ids, deepest first ("/9282/9295/", "/9282/"): the catalog's names for them are in its tree.
  categoriesIds: z.array(z.string()).optional().default([]),
  categoryId: z.string(),
  properties: z.array(z.object({ name: z.string(), originalName: z.string().optional(), values: z.array(z.string()) })).default([]),
  items: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      ean: z.string().optional().default(''),
      unitMultiplier: z.number().optional().default(1),
      images: z.array(z.object({ imageUrl: z.string(), imageLabel: z.string().nullable().optional() })),
      sellers: z.array(z.object({ sellerId: z.string(), commertialOffer: Offer })),
    }),
  ),
})
type SearchProduct = z.infer<typeof SearchProduct>
const ProductSearch = z.object({ products: z.array(SearchProduct), recordsFiltered: z.number() })
const Facets = z.object({
  facets: z.array(
    z
      .object({
        key: z.string().optional(),
        name: z.string(),
        hidden: z.boolean().optional(),
        // A price value carries its `range` and no `value`, and an empty name (VTEX's published example answers so).
        values: z.array(z.object({ key: z.string().optional(), value: z.string().optional(), name: z.string(), quantity: z.number(), selected: z.boolean(), range: z.object({ from: z.number(), to: z.number() }).optional() })),
      })
      // Intelligent Search has answered facets named only on their values (FastStore's recording of 2022); a facet nothing names cannot be filtered on, so it is not offered.
      .transform(({ key, hidden, ...facet }) => {
        const named = key ?? facet.values.find((v) => v.key)?.key
        return { ...facet, key: named ?? '', hidden: hidden === true || !named }
      }),
  ),
})
/** A sku's fixed prices on one trade policy (Pricing's GetFixedPricesonapricetable). */
const FixedPrices = z.array(
  z.object({
    tradePolicyId: z.string(),
    value: z.number(),
    minQuantity: z.number(),
    dateRange: z.object({ from: z.string(), to: z.string() }).nullable().optional(),
  }),
)
type FixedPrices = z.infer<typeof FixedPrices>
const Searches = z.object({ searches: z.array(z.object({ term: z.string(), count: z.number() })) })
/** correction_search's answer: `text` is the corrected term when `correction` is true (the published example has all four fields). */
const Correction = z.object({ correction: z.object({ correction: z.boolean().optional().default(false), misspelled: z.boolean().optional().default(false), text: z.string().optional() }) })
const BrandList = z.array(z.object({ id: z.number(), name: z.string(), isActive: z.boolean() }))
/** A window of the Catalog API's product listing: each product id with its sku ids, and how many products it lists. */
const ProductAndSkuIds = z.object({ data: z.record(z.string(), z.array(z.number())).nullable(), range: z.object({ total: z.number() }) })


const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

const cents = (euros: number) => Math.round(euros * 100) / 100

function variantsOf(p: SearchProduct) {
  return p.items.map((item) => {
    const offer = item.sellers[0]?.commertialOffer
    const price = cents(offer?.Price ?? 0)
    return {
      sku: item.itemId,
      name: item.name,
      gtin: item.ean,
      // VTEX says stock as an available quantity; the storefront's lowPrice is 0 for out of stock (req CART-22).
      offers: { price, listPrice: cents(offer?.ListPrice ?? 0), lowPrice: (offer?.AvailableQuantity ?? 0) > 0 ? price : 0 },
      unitMultiplier: item.unitMultiplier,
      maxQuantity: Math.max(0, offer?.AvailableQuantity ?? 0),
      image: item.images.map((image) => ({ url: image.imageUrl, alternateName: image.imageLabel ?? item.name })),
    }
  })
}

const brandOf = (p: SearchProduct): Brand => ({ id: String(p.brandId), slug: slugOf(p.brand), name: p.brand, privateLabel: false })

export function toSummary(p: SearchProduct): ProductSummary {
  return { id: p.productId, slug: p.linkText, name: p.productName, brand: brandOf(p), fastPicking: false, hasVariant: variantsOf(p).map(({ sku, name, offers, image }) => ({ sku, name, offers, image })) }
}

/** Specifications the adapter reads as product facts rather than as properties. */
const FACT_SPECIFICATIONS = new Set(['subscriptionFrequencies'])

/**
 * What Intelligent Search lists among a product's specifications that is none of the catalog's: `sellerId`
 * (the seller it indexed the product for, on every product) and the names of the groups it makes itself
 * (`allSpecifications` repeats every specification, `sellerId` included). The catalog's own specifications
 * are the rest of `properties`; its named groups cannot stand in for them, as a group can come back empty
 * while `properties` holds its specification.
 */
export const SYSTEM_SPECIFICATIONS: ReadonlySet<string> = new Set(['sellerId', 'allSpecifications', 'allSpecificationsGroups'])

/** A property as a product fact the storefront reads, when the catalog keeps it as a specification of that name. */
const spec = (p: SearchProduct, name: string) => p.properties.find((x) => x.name === name)?.values

/**
 * A sku's price tiers from its fixed prices on the trade policy: each fixed
 * price from a minimum quantity above 1 is a tier (one from 1 is the sku's
 * price on the trade policy, which Intelligent Search already answers). A
 * scheduled fixed price counts only within its dates, and for the same
 * minimum quantity it stands in for the unscheduled one. Ascending by quantity.
 */
export function tiersOf(fixed: FixedPrices, tradePolicy: string, now: number): PriceTier[] {
  const byQuantity = new Map<number, { value: number; scheduled: boolean }>()
  for (const price of fixed) {
    if (price.tradePolicyId !== tradePolicy || !Number.isInteger(price.minQuantity) || price.minQuantity <= 1 || !(price.value > 0)) continue
    const scheduled = Boolean(price.dateRange)
    if (price.dateRange && !(Date.parse(price.dateRange.from) <= now && now < Date.parse(price.dateRange.to))) continue
    const kept = byQuantity.get(price.minQuantity)
    if (!kept || (scheduled && !kept.scheduled) || (scheduled === kept.scheduled && price.value < kept.value)) byQuantity.set(price.minQuantity, { value: price.value, scheduled })
  }
  return [...byQuantity].sort(([a], [b]) => a - b).map(([minQuantity, { value }]) => ({ minQuantity, value: cents(value) }))
}

/**
 * A product's tiers are its skus' when every sku has the same ones; the
 * storefront keeps one tier table per product, so skus priced by different
 * tables show none (their cart lines are still priced by VTEX, table and all).
 */
export function productTiers(skuTiers: PriceTier[][]): PriceTier[] {
  const [first, ...rest] = skuTiers
  if (!first) return []
  return rest.every((tiers) => JSON.stringify(tiers) === JSON.stringify(first)) ? first : []
}

/** Runs `task` over `items`, at most `limit` at a time, answering in the items' order. */
async function inTurns<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const at = next++
      out[at] = await task(items[at]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/** The catalog's categories by id, from its tree. */
export type CategoryIndex = ReadonlyMap<string, Category>

const idsOf = (path: string) => path.split('/').filter(Boolean)

/**
 * The ids of a product's main category path, top first. Intelligent Search lists every path the product is
 * in (and may add similar categories); the main one ends on the product's own category, as FastStore picks
 * it. Without any path, the category's ancestry in the tree.
 */
function categoryPathOf(p: SearchProduct, categories: CategoryIndex): string[] {
  const main = p.categoriesIds.find((path) => idsOf(path).at(-1) === p.categoryId) ?? p.categoriesIds[0]
  if (main) return idsOf(main)
  const path = [p.categoryId]
  for (let c = categories.get(p.categoryId); c?.parentId; c = categories.get(c.parentId)) path.unshift(c.parentId)
  return path
}

/**
 * A product's breadcrumb: its main category path by id, named and linked as the catalog's tree names them,
 * which is what the category pages are built from (Intelligent Search's names may differ: "Kitchen & Home"
 * for the tree's "Kitchen and Home"), then the product. A category the tree lacks has no page, so it has no
 * crumb either; `onUnknown` hears of it.
 */
export function breadcrumbsOf(p: SearchProduct, categories: CategoryIndex, onUnknown?: (categoryId: string) => void): BreadcrumbItem[] {
  const crumbs = categoryPathOf(p, categories).flatMap((id) => {
    const category = categories.get(id)
    if (!category) onUnknown?.(id)
    return category ? [{ name: category.name, item: `/${category.slug}` }] : []
  })
  return [...crumbs, { name: p.productName, item: `/${p.linkText}/p` }].map((crumb, i) => ({ ...crumb, position: i + 1 }))
}

export function toProduct(p: SearchProduct, priceTiers: PriceTier[], categories: CategoryIndex, onUnknownCategory?: (categoryId: string) => void): Product {
  const frequencies = spec(p, 'subscriptionFrequencies')
  return {
    id: p.productId,
    slug: p.linkText,
    name: p.productName,
    description: p.description,
    brand: brandOf(p),
    categoryId: p.categoryId,
    breadcrumbList: breadcrumbsOf(p, categories, onUnknownCategory),
    hasVariant: variantsOf(p),
    // The specifications read as facts above, and Intelligent Search's own, are not shown to the shopper as properties.
    properties: p.properties.filter((x) => !FACT_SPECIFICATIONS.has(x.name) && !SYSTEM_SPECIFICATIONS.has(x.originalName ?? x.name)).flatMap((x) => x.values.map((value) => ({ name: x.name, value }))),
    priceTiers,
    // VTEX's fixed price is the price charged; no flag takes more off it.
    tierExtraDiscount: false,
    minQuantity: 1,
    fastPicking: false,
    isKit: false,
    subscription: frequencies?.length ? { frequencies } : null,
    releaseDate: p.releaseDate === undefined ? '' : new Date(p.releaseDate).toISOString().slice(0, 10),
  }
}

export function vtexCatalog(client: VtexClient): CatalogAdapter {
  const { salesChannel, locale } = client.settings
  const search = async (path: string, params: URLSearchParams) => read(ProductSearch, (await client.call(`${SEARCH_PATH}/product_search/${path}?${params}`)).body, 'product_search')
  /**
   * Our zero-based page of any size, read in Intelligent Search pages of at most SEARCH_PAGE_MAX. Intelligent
   * Search refuses a page past SEARCH_LAST_PAGE, so the products beyond it are out of reach: they are left out
   * of the page, which still tells the total.
   */
  const searchPage = async (path: string, params: URLSearchParams, page: number, pageSize: number) => {
    const first = page * pageSize
    // Pages of our own size reach SEARCH_LAST_PAGE of them; a page past that is read in Intelligent Search's
    // largest pages, which reach furthest (2,500 products).
    const own = Math.min(pageSize, SEARCH_PAGE_MAX)
    const count = first + pageSize <= own * SEARCH_LAST_PAGE ? own : SEARCH_PAGE_MAX
    const products: SearchProduct[] = []
    let total: number | null = null
    for (let offset = first - (first % count); offset < first + pageSize && offset / count < SEARCH_LAST_PAGE; offset += count) {
      const answer = await search(path, new URLSearchParams([...params, ['page', String(offset / count + 1)], ['count', String(count)]]))
      total = answer.recordsFiltered
      products.push(...answer.products.slice(Math.max(0, first - offset), first + pageSize - offset))
      if (offset + count >= total) break
    }
    // A page wholly out of reach: the first page, one product long, tells the total.
    total ??= (await search(path, new URLSearchParams([...params, ['page', '1'], ['count', '1']]))).recordsFiltered
    return { products, recordsFiltered: total }
  }
  /**
   * The products Intelligent Search lists holding these ids (`product:1;2`, `sku:1;2`), asked SEARCH_PAGE_MAX
   * ids at a time, each a first page, so no list of ids is too long for its pages; a few asked at once.
   */
  const lookUp = async (kind: 'product' | 'sku', ids: readonly string[]): Promise<SearchProduct[]> =>
    (
      await inTurns(chunks(ids, SEARCH_PAGE_MAX), 4, async (some) => {
        const params = new URLSearchParams({ query: `${kind}:${some.join(';')}`, locale, hideUnavailableItems: 'false', page: '1', count: String(some.length) })
        return (await search(`trade-policy/${salesChannel}`, params)).products
      })
    ).flat()
  /** Every listed product, past Intelligent Search's last page: the best sellers, then the Catalog API's listing of ids (listing.ts). */
  const listing = catalogListing<SearchProduct>({
    perPage: SEARCH_PAGE_MAX,
    bestSellers: async (page, order) => {
      const sort = order === 'sales' ? 'orders:desc' : 'name:asc'
      const params = new URLSearchParams({ locale, sort, hideUnavailableItems: 'false', page: String(page), count: String(SEARCH_PAGE_MAX) })
      const answer = await search(`trade-policy/${salesChannel}`, params)
      return { products: answer.products, total: answer.recordsFiltered }
    },
    productIds: async (from, to) => {
      const answer = read(ProductAndSkuIds, (await client.call(`/api/catalog_system/pvt/products/GetProductAndSkuIds?_from=${from}&_to=${to}`, { private: true })).body, 'product and sku ids')
      // Integer keys keep their ascending order in a parsed object, which is the listing's order within a window.
      return { ids: Object.keys(answer.data ?? {}), total: answer.range.total }
    },
    lookUp: (ids) => lookUp('product', ids),
    idOf: (product) => product.productId,
  })

  /**
   * The price tiers of each product, from the Pricing API's fixed prices of
   * its skus on the sales channel's trade policy (private: the app key). A
   * sku Pricing has no price for (404) has no tiers.
   */
  const fixedPrices = (sku: string) =>
    client
      .call(`/pricing/prices/${encodeURIComponent(sku)}/fixed/${salesChannel}`, { host: 'pricing', private: true })
      .then((answer) => read(FixedPrices, answer.body, 'fixed prices'))
      .catch((error: unknown) => {
        if (error instanceof CommerceError && error.status === 404) return []
        throw error
      })
  async function withTiers(products: SearchProduct[]): Promise<Product[]> {
    const now = Date.now()
    const skus = products.flatMap((p) => p.items.map((item) => item.itemId))
    const [fixed, categories] = await Promise.all([inTurns(skus, PRICING_CONCURRENCY, fixedPrices), categoryIndex()])
    const tiers = new Map(skus.map((sku, i) => [sku, tiersOf(fixed[i]!, salesChannel, now)]))
    return products.map((p) => toProduct(p, productTiers(p.items.map((item) => tiers.get(item.itemId)!)), categories, (id) => unknownCategory(id, p.productId)))
  }

  /** The category tree as the storefront's categories, top-down, each level in the catalog's order. */
  async function readCategories(): Promise<Category[]> {
    const tree = read(z.array(TreeNode), (await client.call(`/api/catalog_system/pub/category/tree/${CATEGORY_TREE_DEPTH}`)).body, 'category tree')
    const out: Category[] = []
    const walk = (nodes: TreeNode[], level: number, parentId: string | null) =>
      nodes.forEach((node, position) => {
        out.push({ id: String(node.id), slug: new URL(node.url).pathname.replace(/^\/+|\/+$/g, ''), name: node.name, level: level as Category['level'], parentId, position })
        walk(node.children, level + 1, String(node.id))
      })
    walk(tree, 1, null)
    return out
  }

  /**
   * The tree breadcrumbs are named from, kept for CATEGORY_TREE_TTL_MS: every `categories()` answer replaces
   * it, so a build's breadcrumbs come from the very tree its category pages came from. A failed reading is
   * not kept; while an older tree is at hand, breadcrumbs keep using it.
   */
  let tree: { at: number; index: Promise<CategoryIndex> } | null = null
  const indexOf = (categories: Category[]): CategoryIndex => new Map(categories.map((c) => [c.id, c]))
  function categoryIndex(): Promise<CategoryIndex> {
    const now = Date.now()
    if (tree && now - tree.at < CATEGORY_TREE_TTL_MS) return tree.index
    const before = tree?.index
    const index = readCategories().then(indexOf, (error: unknown) => {
      if (!before || !(error instanceof CommerceError)) throw error
      console.warn(`[vtex] category tree: ${error.message} (${error.status}); breadcrumbs keep the tree read before`)
      return before
    })
    tree = { at: now, index }
    index.catch(() => {
      if (tree?.index === index) tree = null
    })
    return index
  }
  const reported = new Set<string>()
  function unknownCategory(id: string, productId: string) {
    if (reported.has(id)) return
    reported.add(id)
    console.warn(`[vtex] category ${id} (of product ${productId}, and maybe others) is not in the category tree: breadcrumbs leave it out`)
  }

  /**
   * Intelligent Search answers nothing, not an error, for a category, brand or
   * facet it does not know; the adapter's contract asks 404 and 400. An empty
   * result is checked against the catalog (the only time it costs a call). A
   * check whose call fails is left out: the empty result stands.
   */
  async function checkKnown(query: SearchQuery): Promise<void> {
    const slugs = [query.category, ...query.filters.filter((f) => f.key === 'category').map((f) => f.value)].filter((s): s is string => Boolean(s))
    const categories = slugs.length ? await adapter.categories().catch((error: unknown) => answerWithout('category tree', error)) : null
    const unknownSlug = categories && slugs.find((s) => !categories.some((c) => c.slug === s))
    if (unknownSlug) throw notFound(`no category ${unknownSlug}`)
    const brands = query.filters.filter((f) => f.key === 'brand').map((f) => f.value)
    const known = brands.length ? await adapter.brands().catch((error: unknown) => answerWithout('brand list', error)) : null
    const unknownBrand = known && brands.find((b) => !known.some((k) => k.slug === b))
    if (unknownBrand) throw notFound(`no brand ${unknownBrand}`)
    const others = query.filters.filter((f) => !['category', 'brand', 'price'].includes(f.key))
    const facets = others.length
      ? await client
          .call(`${SEARCH_PATH}/facets/trade-policy/${salesChannel}?${new URLSearchParams({ locale })}`)
          .then((answer) => read(Facets, answer.body, 'facets').facets)
          .catch((error: unknown) => answerWithout('facets', error))
      : null
    const unknownFacet = facets && others.find((f) => !facets.some((x) => x.key === f.key))
    if (unknownFacet) throw badRequest(`no facet ${unknownFacet.key}`)
  }

  /**
   * Intelligent Search's correction of a term that found nothing (correction_search), or null when it has none
   * or its correction is the term again. Its failure costs the shopper only the suggestion, never the results.
   */
  async function correctedTerm(term: string): Promise<string | null> {
    try {
      const { correction } = read(Correction, (await client.call(`${SEARCH_PATH}/correction_search?${new URLSearchParams({ query: term, locale })}`)).body, 'correction_search')
      const text = correction.correction ? correction.text?.trim() : undefined
      return text && text.toLocaleLowerCase('it') !== term.trim().toLocaleLowerCase('it') ? text : null
    } catch (error) {
      if (error instanceof CommerceError) return null
      throw error
    }
  }

  /**
   * What a search does without a call it can answer without: the failure is logged by the call's name and
   * status (never with the shopper's words) and the call answers null. Anything but a `CommerceError` is a
   * fault of ours, not VTEX's, and is thrown.
   */
  function answerWithout(what: string, error: unknown): null {
    if (!(error instanceof CommerceError)) throw error
    console.warn(`[vtex] ${what} failed (${error.status} ${error.code}: ${error.message}); answering without it`)
    return null
  }

  /** One page of results with its facets for the query as given: `search` asks it again for a corrected term. */
  async function searchOnce(query: SearchQuery): Promise<SearchResult> {
    let path: string
    try {
      path = facetPath(query, salesChannel)
    } catch (error) {
      throw badRequest((error as Error).message)
    }
    const params = new URLSearchParams({ locale })
    if (query.term) params.set('query', query.term)
    const sort = SORTS[query.sort]
    if (sort) params.set('sort', sort)
    const facetParams = new URLSearchParams({ locale })
    if (query.term) facetParams.set('query', query.term)
    // The products are the answer; the facets only refine it, so a failed facets call answers the products without them.
    const [answer, facets] = await Promise.all([
      searchPage(path, params, query.page, query.pageSize),
      client
        .call(`${SEARCH_PATH}/facets/${path}?${facetParams}`)
        .then((a) => read(Facets, a.body, 'facets').facets)
        .catch((error: unknown) => answerWithout('facets', error)),
    ])
    if (answer.recordsFiltered === 0) await checkKnown(query)
    const scope = [query.category, ...query.filters.filter((f) => f.key === 'category').map((f) => f.value)].filter(Boolean).at(-1)
    return {
      products: answer.products.map(toSummary),
      total: answer.recordsFiltered,
      page: query.page,
      pageSize: query.pageSize,
      ...(facets ? {} : { facetsUnavailable: true }),
      facets: (facets ?? [])
        .filter((f) => !f.hidden)
        .map((f): Facet => {
          // Intelligent Search offers the next category level as `category-N` and prices as ranges; the storefront says `category` (a full slug) and `price` (from-to).
          const isCategory = /^category-\d+$/.test(f.key)
          const valueOf = (v: (typeof f.values)[number]) => (v.range ? `${v.range.from}-${v.range.to}` : v.value && isCategory && scope ? `${scope}/${v.value}` : v.value)
          const labelOf = (v: (typeof f.values)[number]) => v.name || (v.range ? `${v.range.from} - ${v.range.to} €` : '')
          const values = f.values.flatMap((v) => {
            const value = valueOf(v)
            return value ? [{ value, label: labelOf(v) || value, quantity: v.quantity, selected: v.selected }] : []
          })
          return { key: isCategory ? 'category' : f.key, label: f.name, values }
        }),
    }
  }

  const adapter: CatalogAdapter = {
    async categories(): Promise<Category[]> {
      const categories = await readCategories()
      tree = { at: Date.now(), index: Promise.resolve(indexOf(categories)) }
      return categories
    },
    async brands(): Promise<Brand[]> {
      const list = read(BrandList, (await client.call('/api/catalog_system/pvt/brand/list', { private: true })).body, 'brand list')
      return list.filter((b) => b.isActive).map((b) => ({ id: String(b.id), slug: slugOf(b.name), name: b.name, privateLabel: false }))
    },
    // The catalog's APIs say nothing of when anything in the catalog last changed, so every build reads it all.
    async revision() {
      return null
    },
    async products(page, pageSize) {
      const answer = await listing.page(page, pageSize)
      return { items: await withTiers(answer.items), total: answer.total, page, pageSize }
    },
    // Intelligent Search's own sku lookup (`query=sku:1;2`, as FastStore's sku loader asks it), unavailable skus included.
    async productsBySku(skus) {
      if (skus.length === 0) return []
      const found = await lookUp('sku', skus)
      const once = [...new Map(found.map((p) => [p.productId, p])).values()]
      return withTiers(once)
    },
    async search(query): Promise<SearchResult> {
      const result = await searchOnce(query)
      const corrected = result.total === 0 && query.term ? await correctedTerm(query.term) : null
      if (!corrected) return result
      // The corrected term's own results, when it finds any (req SEARCH-14): one more search, only after nothing matched.
      const again = await searchOnce({ ...query, term: corrected }).catch((error: unknown) => answerWithout('product_search of the corrected term', error))
      return again && again.total > 0 ? { ...again, correction: { term: corrected } } : result
    },
    // The terms and the products are each worth showing alone: one failed call costs its half; the suggestions fail when nothing asked for is left.
    async suggestions(term, limits) {
      const [searches, products] = await Promise.allSettled([
        client.call(`${SEARCH_PATH}/autocomplete_suggestions?${new URLSearchParams({ query: term, locale })}`).then((a) => read(Searches, a.body, 'autocomplete_suggestions').searches),
        limits.products > 0 ? search(`trade-policy/${salesChannel}`, new URLSearchParams({ query: term, count: String(limits.products), page: '1', locale })).then((a) => a.products) : Promise.resolve([]),
      ])
      if (searches.status === 'rejected' && (products.status === 'rejected' || limits.products === 0)) throw searches.reason
      if (products.status === 'rejected' && limits.terms === 0) throw products.reason
      const terms = searches.status === 'fulfilled' ? searches.value : (answerWithout('autocomplete_suggestions', searches.reason) ?? [])
      const found = products.status === 'fulfilled' ? products.value : (answerWithout('product_search', products.reason) ?? [])
      return { terms: terms.slice(0, limits.terms).map((s) => ({ value: s.term, count: s.count })), products: found.slice(0, limits.products).map(toSummary) }
    },
  }
  return adapter
}

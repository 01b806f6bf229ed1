/**
 * The catalog over VTEX's Catalog API (category tree, brands), Intelligent
 * Search (products, search with facets and sort, suggestions) and the Pricing
 * API (the price tiers of the products it sources). Answers are read with zod
 * before they are mapped, so an answer of another shape is a 502, never a
 * crash later on.
 */
import { z } from 'zod/v4'
import { badRequest, CommerceError, notFound } from '../errors'
import type { Brand, Category, Facet, PriceTier, Product, ProductSummary, SearchQuery, SearchResult } from '../../domain/types'
import type { CatalogAdapter } from '../capabilities/catalog'
import type { VtexClient } from './client'
import { read } from './read'
import { facetPath, SORTS } from './search'

/** Intelligent Search's own path on the account's host. */
export const SEARCH_PATH = '/api/io/_v/api/intelligent-search'
/** The most products Intelligent Search answers per page. */
export const SEARCH_PAGE_MAX = 50
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
  categoryId: z.string(),
  properties: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).default([]),
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
    z.object({
      key: z.string(),
      name: z.string(),
      hidden: z.boolean().optional(),
      // A price value carries its `range` and no `value`, and an empty name (VTEX's published example answers so).
      values: z.array(z.object({ value: z.string().optional(), name: z.string(), quantity: z.number(), selected: z.boolean(), range: z.object({ from: z.number(), to: z.number() }).optional() })),
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

export function toProduct(p: SearchProduct, priceTiers: PriceTier[] = []): Product {
  // `categories` lists the paths deepest first: "/Cane/Cibo secco/", "/Cane/".
  const deepest = (p.categories[0] ?? '/').split('/').filter(Boolean)
  const crumbs = deepest.map((name, i) => ({ name, item: `/${deepest.slice(0, i + 1).map(slugOf).join('/')}`, position: i + 1 }))
  const frequencies = spec(p, 'subscriptionFrequencies')
  return {
    id: p.productId,
    slug: p.linkText,
    name: p.productName,
    description: p.description,
    brand: brandOf(p),
    categoryId: p.categoryId,
    breadcrumbList: [...crumbs, { name: p.productName, item: `/${p.linkText}/p`, position: crumbs.length + 1 }],
    hasVariant: variantsOf(p),
    // The specifications read as facts above are not shown to the shopper as properties.
    properties: p.properties.filter((x) => !FACT_SPECIFICATIONS.has(x.name)).flatMap((x) => x.values.map((value) => ({ name: x.name, value }))),
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
  /** Our zero-based page of any size, read in Intelligent Search pages of at most SEARCH_PAGE_MAX. */
  const searchPage = async (path: string, params: URLSearchParams, page: number, pageSize: number) => {
    const count = Math.min(pageSize, SEARCH_PAGE_MAX)
    const first = page * pageSize
    const products: SearchProduct[] = []
    let total = 0
    for (let offset = first - (first % count); offset < first + pageSize; offset += count) {
      const answer = await search(path, new URLSearchParams([...params, ['page', String(offset / count + 1)], ['count', String(count)]]))
      total = answer.recordsFiltered
      products.push(...answer.products.slice(Math.max(0, first - offset), first + pageSize - offset))
      if (offset + count >= total) break
    }
    return { products, recordsFiltered: total }
  }

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
    const fixed = await inTurns(skus, PRICING_CONCURRENCY, fixedPrices)
    const tiers = new Map(skus.map((sku, i) => [sku, tiersOf(fixed[i]!, salesChannel, now)]))
    return products.map((p) => toProduct(p, productTiers(p.items.map((item) => tiers.get(item.itemId)!))))
  }

  /**
   * Intelligent Search answers nothing, not an error, for a category, brand or
   * facet it does not know; the adapter's contract asks 404 and 400. An empty
   * result is checked against the catalog (the only time it costs a call).
   */
  async function checkKnown(query: SearchQuery): Promise<void> {
    const slugs = [query.category, ...query.filters.filter((f) => f.key === 'category').map((f) => f.value)].filter((s): s is string => Boolean(s))
    if (slugs.length) {
      const known = new Set((await adapter.categories()).map((c) => c.slug))
      const unknown = slugs.find((s) => !known.has(s))
      if (unknown) throw notFound(`no category ${unknown}`)
    }
    const brands = query.filters.filter((f) => f.key === 'brand').map((f) => f.value)
    if (brands.length) {
      const known = new Set((await adapter.brands()).map((b) => b.slug))
      const unknown = brands.find((b) => !known.has(b))
      if (unknown) throw notFound(`no brand ${unknown}`)
    }
    const others = query.filters.filter((f) => !['category', 'brand', 'price'].includes(f.key))
    if (others.length) {
      const keys = new Set(read(Facets, (await client.call(`${SEARCH_PATH}/facets/trade-policy/${salesChannel}?${new URLSearchParams({ locale })}`)).body, 'facets').facets.map((f) => f.key))
      const unknown = others.find((f) => !keys.has(f.key))
      if (unknown) throw badRequest(`no facet ${unknown.key}`)
    }
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
    const [answer, facets] = await Promise.all([searchPage(path, params, query.page, query.pageSize), client.call(`${SEARCH_PATH}/facets/${path}?${facetParams}`).then((a) => read(Facets, a.body, 'facets'))])
    if (answer.recordsFiltered === 0) await checkKnown(query)
    const scope = [query.category, ...query.filters.filter((f) => f.key === 'category').map((f) => f.value)].filter(Boolean).at(-1)
    return {
      products: answer.products.map(toSummary),
      total: answer.recordsFiltered,
      page: query.page,
      pageSize: query.pageSize,
      facets: facets.facets
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
      const tree = read(z.array(TreeNode), (await client.call('/api/catalog_system/pub/category/tree/4')).body, 'category tree')
      const out: Category[] = []
      const walk = (nodes: TreeNode[], level: number, parentId: string | null) =>
        nodes.forEach((node, position) => {
          out.push({ id: String(node.id), slug: new URL(node.url).pathname.replace(/^\/+|\/+$/g, ''), name: node.name, level: level as Category['level'], parentId, position })
          walk(node.children, level + 1, String(node.id))
        })
      walk(tree, 1, null)
      return out
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
      const answer = await searchPage(`trade-policy/${salesChannel}`, new URLSearchParams({ locale, sort: 'orders:desc' }), page, pageSize)
      return { items: await withTiers(answer.products), total: answer.recordsFiltered, page, pageSize }
    },
    // Intelligent Search's own sku lookup (`query=sku:1;2`, as FastStore's sku loader asks it), unavailable skus included.
    async productsBySku(skus) {
      if (skus.length === 0) return []
      const params = new URLSearchParams({ query: `sku:${skus.join(';')}`, locale, hideUnavailableItems: 'false' })
      const answer = await searchPage(`trade-policy/${salesChannel}`, params, 0, skus.length)
      const once = [...new Map(answer.products.map((p) => [p.productId, p])).values()]
      return withTiers(once)
    },
    async search(query): Promise<SearchResult> {
      const result = await searchOnce(query)
      const corrected = result.total === 0 && query.term ? await correctedTerm(query.term) : null
      if (!corrected) return result
      // The corrected term's own results, when it finds any (req SEARCH-14): one more search, only after nothing matched.
      const again = await searchOnce({ ...query, term: corrected })
      return again.total > 0 ? { ...again, correction: { term: corrected } } : result
    },
    async suggestions(term, limits) {
      const [searches, products] = await Promise.all([
        client.call(`${SEARCH_PATH}/autocomplete_suggestions?${new URLSearchParams({ query: term, locale })}`).then((a) => read(Searches, a.body, 'autocomplete_suggestions')),
        limits.products > 0 ? search(`trade-policy/${salesChannel}`, new URLSearchParams({ query: term, count: String(limits.products), page: '1', locale })) : Promise.resolve({ products: [], recordsFiltered: 0 }),
      ])
      return { terms: searches.searches.slice(0, limits.terms).map((s) => ({ value: s.term, count: s.count })), products: products.products.slice(0, limits.products).map(toSummary) }
    },
  }
  return adapter
}

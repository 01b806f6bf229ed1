import type { FastifyInstance } from 'fastify'
import { z } from 'zod/v4'
import { SearchSort, type BrandList, type CatalogRevision, type CategoryList, type HealthAnswer, type LoyaltyAnswer, type Product, type ProductList, type ProductPage, type SearchResult, type Suggestions } from '../../wire'
import { loyaltyMultiplier } from '../../catalog/admin'
import { catalogRevision } from '../../catalog/revision'
import { badRequest, notFound } from '../../lib/errors'
import { parse } from '../errors'
import type { Services } from '../services'

const Page = z.coerce.number().int().min(0).max(1_000_000).default(0)

const ProductsQuery = z.object({
  page: Page,
  pageSize: z.coerce.number().int().min(1).max(500).default(200),
})

/** A query parameter that may repeat: always a list. */
const Repeated = z
  .union([z.string().max(300), z.array(z.string().max(300)).max(50)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))

const SearchQueryString = z.object({
  q: z.string().max(200).optional(),
  category: z.string().max(300).optional(),
  brand: Repeated,
  fq: Repeated,
  sort: SearchSort.default('score_desc'),
  page: Page,
  pageSize: z.coerce.number().int().min(1).max(500).default(24),
})

const SuggestionsQuery = z.object({
  q: z.string().max(200).default(''),
  terms: z.coerce.number().int().min(0).max(20).default(6),
  products: z.coerce.number().int().min(0).max(20).default(4),
})

/** At most as many skus as the storefront's catalog hook takes in one call. */
const SkusQuery = z.object({
  sku: z
    .union([z.string().min(1).max(64), z.array(z.string().min(1).max(64)).min(1).max(500)])
    .transform((v) => (Array.isArray(v) ? v : [v])),
})

const SlugParams = z.object({ slug: z.string().min(1).max(300) })
const SkuParams = z.object({ sku: z.string().min(1).max(64) })

function parseFacetFilter(raw: string): { key: string; value: string } {
  const at = raw.indexOf(':')
  const key = raw.slice(0, at).trim()
  const value = raw.slice(at + 1).trim()
  if (at < 1 || !key || !value) throw badRequest(`fq must look like key:value, got "${raw}"`, 'INVALID_INPUT')
  return { key, value }
}

export function registerCatalogRoutes(app: FastifyInstance, services: Services): void {
  app.get('/api/health', async (): Promise<HealthAnswer> => ({ ok: true }))

  app.get('/api/catalog/categories', async (): Promise<CategoryList> => ({ items: services.reference.categories }))

  // Read afresh on every call: a cached answer could say "unchanged" about a catalog that changed.
  app.get('/api/catalog/revision', async (_request, reply): Promise<CatalogRevision> => {
    void reply.header('cache-control', 'no-store')
    return { revision: await catalogRevision(services.db) }
  })

  app.get('/api/catalog/brands', async (): Promise<BrandList> => ({ items: services.reference.brands }))

  app.get('/api/catalog/products', async (request): Promise<ProductPage> => {
    const { page, pageSize } = parse(ProductsQuery, request.query, 'query')
    return services.products.page(services.db, page, pageSize)
  })

  app.get('/api/catalog/products/:slug', async (request): Promise<Product> => {
    const { slug } = parse(SlugParams, request.params, 'slug')
    const product = await services.readCache.memo(`product:${slug}`, () => services.products.bySlug(services.db, slug))
    if (!product) throw notFound('UNKNOWN_PRODUCT', `no product has slug "${slug}"`)
    return product
  })

  // Read afresh: the storefront asks right after a price or stock change, to render the pages that show it.
  app.get('/api/catalog/skus', async (request, reply): Promise<ProductList> => {
    const { sku } = parse(SkusQuery, request.query, 'query')
    void reply.header('cache-control', 'no-store')
    return { items: await services.products.bySkus(services.db, [...new Set(sku)]) }
  })

  app.get('/api/catalog/search', async (request): Promise<SearchResult> => {
    const query = parse(SearchQueryString, request.query, 'query')
    const search = {
      q: query.q?.trim() || null,
      category: query.category?.replace(/^\/+|\/+$/g, '') || null,
      brands: query.brand,
      fq: query.fq.map(parseFacetFilter),
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    }
    // A build asks afresh (no-cache): a listing it prerenders may be kept by the builds after it.
    const fresh = /\bno-cache\b/.test(request.headers['cache-control'] ?? '')
    return services.readCache.memo(`search:${JSON.stringify(search)}`, () => services.search.search(services.db, search), fresh)
  })

  app.get('/api/catalog/suggestions', async (request): Promise<Suggestions> => {
    const query = parse(SuggestionsQuery, request.query, 'query')
    return services.readCache.memo(`suggest:${JSON.stringify(query)}`, () => services.suggest.suggest(services.db, query.q, query.terms, query.products))
  })

  app.get('/api/catalog/skus/:sku/loyalty', async (request): Promise<LoyaltyAnswer> => {
    const { sku } = parse(SkuParams, request.params, 'sku')
    return { sku, multiplier: await loyaltyMultiplier(services.db, sku) }
  })
}

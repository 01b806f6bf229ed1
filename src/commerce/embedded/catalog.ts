/** The catalog over the platform's catalog and search endpoints. */
import * as Wire from '../../../platform/wire'
import type { CatalogAdapter } from '../capabilities/catalog'
import type { PlatformClient } from './client'
import { toCategory, toProduct, toProductSummary } from './mappers'

export function embeddedCatalog({ call }: PlatformClient): CatalogAdapter {
  return {
    categories: async () => (await call('/api/catalog/categories', Wire.CategoryList)).items.map(toCategory),
    brands: async () => (await call('/api/catalog/brands', Wire.BrandList)).items,
    revision: async () => (await call('/api/catalog/revision', Wire.CatalogRevision)).revision,
    products: async (page, pageSize) => {
      const answer = await call(`/api/catalog/products?page=${page}&pageSize=${pageSize}`, Wire.ProductPage)
      return { ...answer, items: answer.items.map(toProduct) }
    },
    productsBySku: async (skus) => {
      if (skus.length === 0) return []
      const params = new URLSearchParams(skus.map((sku) => ['sku', sku]))
      return (await call(`/api/catalog/skus?${params}`, Wire.ProductList)).items.map(toProduct)
    },
    search: async (query) => {
      const params = new URLSearchParams()
      if (query.term) params.set('q', query.term)
      if (query.category) params.set('category', query.category)
      for (const filter of query.filters) params.append('fq', `${filter.key}:${filter.value}`)
      params.set('sort', query.sort)
      params.set('page', String(query.page))
      params.set('pageSize', String(query.pageSize))
      const answer = await call(`/api/catalog/search?${params}`, Wire.SearchResult)
      return { ...answer, products: answer.products.map(toProductSummary) }
    },
    suggestions: async (term, limits) => {
      const params = new URLSearchParams({ q: term, terms: String(limits.terms), products: String(limits.products) })
      const answer = await call(`/api/catalog/suggestions?${params}`, Wire.Suggestions)
      return { terms: answer.terms, products: answer.products.map(toProductSummary) }
    },
  }
}

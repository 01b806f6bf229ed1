/**
 * The catalog: what build-time sourcing and the search Functions read. Every
 * method resolves with domain types or rejects with a `CommerceError`;
 * `conformance/catalog.ts` checks an implementation against these comments.
 */
import type { Brand, Category, Page, Product, SearchQuery, SearchResult, Suggestions } from '../../domain/types'

export interface CatalogAdapter {
  categories(): Promise<Category[]>
  brands(): Promise<Brand[]>
  /**
   * A token that changes whenever anything `categories`, `brands` or `products` answer changes; null when the
   * backend cannot tell. A build that finds the revision it sourced last keeps its catalog (gatsby-node.ts).
   */
  revision(): Promise<string | null>
  /** Zero-based pages in a stable order, for build-time sourcing. */
  products(page: number, pageSize: number): Promise<Page<Product>>
  /**
   * The listed products holding any of these skus, each once and in no set order, read past any cache (the
   * storefront asks right after a price or stock change); a sku of no listed product is left out of the answer.
   */
  productsBySku(skus: readonly string[]): Promise<Product[]>
  /** Listed products matching the query, with facet counts; rejects with 400/404 for unknown facets, brands or categories. */
  search(query: SearchQuery): Promise<SearchResult>
  /** Term completions and best-matching products for what a shopper is typing. */
  suggestions(term: string, limits: { terms: number; products: number }): Promise<Suggestions>
}

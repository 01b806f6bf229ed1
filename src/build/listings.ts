/**
 * What the listing pages and the product shelves of content pages show, computed one way for the build
 * (gatsby-node.ts prerenders them) and for the catalog fast path (releases/catalog.ts renders them again after a
 * price or stock change): a page rendered by either shows the same products.
 */
import { CmsError } from '../../cms/load'
import type { CmsSection } from '../../cms/schema/sections'
import type { CatalogAdapter } from '../commerce/capabilities'
import { runSearch } from '../handlers/search'
import type { CatalogNames, SearchResults } from '../domain/search/query'
import { categoryFacets, initSearchState, type SelectedFacet } from '../domain/search/state'
import type { ProductSummary } from '../domain/types'

/** The facets a category's listing is fixed to: the category and its descendants. */
export const categoryListing = (slug: string): SelectedFacet[] => categoryFacets(slug)
/** The facets a brand's listing is fixed to. */
export const brandListing = (slug: string): SelectedFacet[] => [{ key: 'brand', value: slug }]

/**
 * A listing's default view, from the same search the browser asks once the shopper filters. A view the
 * catalog answered without its facets is refused: the page would keep it, filters missing, until the next build.
 */
export async function listingView(catalog: CatalogAdapter, names: CatalogNames, base: string, fixed: SelectedFacet[]): Promise<SearchResults> {
  const view = await runSearch(catalog, initSearchState({ base, selectedFacets: fixed }), names)
  if (view.facetsUnavailable) throw new Error(`the catalog answered the listing ${base} without its facets`)
  return view
}

/**
 * Fills the product shelves of a list of CMS blocks from the catalog, aligned with the blocks (null for the
 * others). A shelf naming a category or brand the catalog lacks is a CmsError naming the file.
 */
export async function fillShelves(catalog: CatalogAdapter, names: CatalogNames, sections: CmsSection[], where: string): Promise<(ProductSummary[] | null)[]> {
  return Promise.all(
    sections.map(async (section) => {
      if (section.type !== 'productShelf') return null
      const selectedFacets = [...(section.category ? categoryFacets(section.category) : []), ...(section.brand ? brandListing(section.brand) : [])]
      try {
        const state = initSearchState({ selectedFacets, sort: section.sort })
        return (await runSearch(catalog, state, names, section.limit)).products
      } catch (error) {
        throw new CmsError(where, `shelf "${section.title}"`, (error as Error).message)
      }
    }),
  )
}

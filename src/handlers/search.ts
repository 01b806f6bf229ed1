import { PAGE_SIZE } from '../config/constants'
import type { CatalogAdapter } from '../commerce/capabilities'
import { facetsForState, searchQueryOf, selectedLabels, type CatalogNames, type SearchResults } from '../domain/search/query'
import type { SearchState } from '../domain/search/state'

/** Runs the state's search: the one path for the Function and the build's prerendered views. */
export async function runSearch(catalog: CatalogAdapter, state: SearchState, names: CatalogNames, pageSize = PAGE_SIZE): Promise<SearchResults> {
  const query = searchQueryOf(state, pageSize)
  const result = await catalog.search(query)
  const facets = facetsForState(result, query)
  return { ...result, facets, selected: selectedLabels(state, facets, names) }
}

import { PAGE_SIZE } from '../config/constants'
import type { CatalogAdapter } from '../commerce/capabilities'
import { facetsForState, searchQueryOf, selectedLabels, type CatalogNames, type SearchResults } from '../domain/search/query'
import type { SearchState } from '../domain/search/state'

/** How many other searches a term that found nothing is offered (req SEARCH-15). */
export const ALTERNATIVE_SEARCHES = 5
/** The words of such a term that are asked about: the first few, of three letters or more. */
const WORDS_ASKED = 3

/** Runs the state's search: the one path for the Function and the build's prerendered views. */
export async function runSearch(catalog: CatalogAdapter, state: SearchState, names: CatalogNames, pageSize = PAGE_SIZE): Promise<SearchResults> {
  const query = searchQueryOf(state, pageSize)
  const result = await catalog.search(query)
  const facets = facetsForState(result, query)
  const results: SearchResults = { ...result, facets, selected: selectedLabels(state, facets, names) }
  if (result.total > 0 || !state.term || state.selectedFacets.length > 0) return results
  const alternatives = await alternativeSearches(catalog, state.term)
  return alternatives.length ? { ...results, alternatives } : results
}

/**
 * Searches that find something, for a term that found nothing even corrected: the catalog's completions of
 * each of its words ("cuccia rosa gigante" → "cuccia", "cuccia cane"…), the commonest first. A word whose
 * completions fail is left out: the shopper loses a suggestion, never the page.
 */
export async function alternativeSearches(catalog: CatalogAdapter, term: string): Promise<string[]> {
  const typed = term.trim().toLocaleLowerCase('it')
  const words = [...new Set(typed.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3))].slice(0, WORDS_ASKED)
  const answers = await Promise.all(words.map((word) => catalog.suggestions(word, { terms: ALTERNATIVE_SEARCHES, products: 0 }).catch(() => null)))
  const counts = new Map<string, number>()
  for (const answer of answers) {
    for (const { value, count } of answer?.terms ?? []) {
      const key = value.trim().toLocaleLowerCase('it')
      if (count > 0 && key && key !== typed) counts.set(key, Math.max(counts.get(key) ?? 0, count))
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, ALTERNATIVE_SEARCHES)
    .map(([value]) => value)
}

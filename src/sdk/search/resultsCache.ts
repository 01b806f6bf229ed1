/**
 * The search results this page has seen, by view: the listing's fetches (useSearchResults.ts) and the view
 * a search page was served with (served.ts) keep theirs here, so going back to a view shows it at once. A
 * module of its own, so that the search page's first load, which keeps the served view, carries none of
 * the fetching.
 */
import type { SearchResults } from '../../domain/search/query'
import { formatSearchState, type SearchState } from '../../domain/search/state'

const cache = new Map<string, SearchResults>()
const CACHE_SIZE = 30

/** A view's key: its canonical query string (the Function answers by that alone). */
export function viewKey(state: SearchState): string {
  const path = formatSearchState(state)
  return path.slice(path.indexOf('?'))
}

/** Keeps a view's results, as if fetched: going back to it shows them at once. */
export function rememberResults(state: SearchState, results: SearchResults): void {
  cache.set(viewKey(state), results)
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
}

/** The results kept for a view, if any. */
export const rememberedResults = (state: SearchState): SearchResults | undefined => cache.get(viewKey(state))

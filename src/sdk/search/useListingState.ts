/**
 * A listing's state, headless (req SEARCH-02, SEARCH-05): the URL is the state. The static
 * HTML is the default view (or, on a search page the server rendered, the
 * view it rendered) and the query string is read once hydrated; a
 * choice (a facet ticked, a sort) shows at once while the navigation to its
 * URL is under way; the results come from the prerendered view or the
 * search Function. Returns what the listing shows and the props its
 * controls spread.
 */
import { navigate } from 'gatsby'
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type RefObject } from 'react'
import type { SearchResults } from '../../domain/search/query'
import {
  clearFacets,
  formatSearchState,
  initSearchState,
  parseSearchState,
  setPage,
  setSort,
  toggleFacet,
  type SearchSort,
  type SearchState,
  type SelectedFacet,
} from '../../domain/search/state'
import { useHydrated } from '../core/useHydrated'
import { useSearchResults } from './useSearchResults'

export interface ListingOptions {
  location: { pathname: string; search: string }
  /** Facets the page itself stands for (its category path, its brand): always applied, never offered for removal. */
  fixed?: SelectedFacet[]
  /** The default view, rendered at build time; null when the page has no default view (search). */
  prerendered?: SearchResults | null
  /**
   * The view the server rendered this page with (a search page, src/sdk/search/served.ts), when it is
   * the one the address shows: the HTML already shows it, so hydration starts from it and nothing is fetched.
   */
  served?: { state: SearchState; results: SearchResults } | null
}

const none: SelectedFacet[] = []

export function useListingState({ location, fixed = none, prerendered = null, served = null }: ListingOptions) {
  const hydrated = useHydrated()
  const search = hydrated ? location.search : ''
  // Until hydrated, the view the HTML was rendered with: the served one, or the default view.
  const urlState = useMemo(
    () => (!hydrated && served ? served.state : parseSearchState(`${location.pathname}${search}`, fixed)),
    [hydrated, served, location.pathname, search, fixed],
  )
  const [pending, setPending] = useState<SearchState | null>(null)
  const urlKey = formatSearchState(urlState)
  useEffect(() => setPending(null), [urlKey])
  const state = pending ?? urlState
  const prerenderedView = useMemo(
    () => served ?? (prerendered ? { state: initSearchState({ base: location.pathname, selectedFacets: fixed }), results: prerendered } : null),
    [served, prerendered, location.pathname, fixed],
  )
  const status = useSearchResults(urlState, prerenderedView)
  const results = status.kind === 'ready' ? status.results : status.previous
  const top = useRef<HTMLDivElement>(null)
  useScrollToTopOnPage(state.page, top)

  const go = (next: SearchState) => {
    setPending(next)
    void navigate(formatSearchState(next))
  }
  const toggle = (facet: SelectedFacet) => go(toggleFacet(state, facet))
  const removable = state.selectedFacets.filter((f) => !fixed.some((x) => x.key === f.key && x.value === f.value))
  const chips = removable.map((f) => results?.selected.find((s) => s.key === f.key && s.value === f.value) ?? { ...f, label: f.value })

  return {
    state,
    status,
    results,
    /** The selected facets a shopper can remove, as chips with their labels. */
    chips,
    total: results?.total ?? 0,
    pages: results ? Math.ceil(results.total / results.pageSize) : 0,
    toggle,
    clearAll: () => go(clearFacets(state, fixed)),
    /** For a URL naming a filter that no longer exists: the first page without any removable filter. */
    clearStale: () => go(clearFacets(initSearchState({ ...state, page: 0 }), fixed)),
    hrefOfPage: (page: number) => formatSearchState(setPage(state, page)),
    listingProps: {
      ref: top,
      'data-state': formatSearchState(state),
      'data-hydrated': hydrated,
      // Busy from the tap (a chosen view not yet in the URL) until that view's results are shown.
      'aria-busy': status.kind === 'loading' || (pending !== null && formatSearchState(pending) !== urlKey),
    },
    sortProps: {
      value: state.sort,
      onChange: (event: ChangeEvent<HTMLSelectElement>) => go(setSort(state, event.target.value as SearchSort)),
    },
  }
}

/** A new page of results starts at the top of the listing, not where the pagination was. */
function useScrollToTopOnPage(page: number, ref: RefObject<HTMLElement>) {
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const top = ref.current?.getBoundingClientRect().top ?? 0
    if (top < 0) ref.current?.scrollIntoView({ block: 'start' })
  }, [page, ref])
}

/**
 * The search state and its URL (req SEARCH-01, SEARCH-02, SEARCH-03). The URL is the state: a shared
 * link or the back button restores the same view. Parameters: `q` (term),
 * `facets` (comma-separated distinct keys), one parameter per selected facet
 * value (`brand=royal-canin`), `category-1`…`category-4` for the category
 * path, `sort` (default score_desc) and `page` (zero-based, default 0).
 *
 * Parsing is forgiving (an unknown sort or a bad page falls back to the
 * default, repeated values count once) because links are typed and shared
 * by people. Formatting follows @faststore/sdk's `formatSearchState` exactly
 * (values in selection order, then facets, sort and page), so every view has
 * one canonical URL; it is written out here because the build (gatsby-node)
 * runs it too, and the sdk's module graph does not load there.
 */
import { DEFAULT_SORT } from '../../config/constants'

export const SEARCH_SORTS = ['score_desc', 'price_asc', 'price_desc', 'name_asc', 'name_desc', 'discount_desc', 'release_desc'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]

export interface SelectedFacet {
  key: string
  value: string
}

export interface SearchState {
  sort: SearchSort
  selectedFacets: SelectedFacet[]
  term: string | null
  base: string
  page: number
}

/** Longest term and facet value the URL may carry; longer ones are cut. */
export const MAX_TERM_LENGTH = 200
const MAX_FACETS = 30
const FACET_KEY = /^[a-z0-9][a-z0-9-]{0,49}$/
const RESERVED = new Set(['q', 'facets', 'sort', 'page'])

export const isSearchSort = (value: unknown): value is SearchSort => SEARCH_SORTS.includes(value as SearchSort)

export function initSearchState(partial: Partial<SearchState> = {}): SearchState {
  return {
    sort: partial.sort ?? (DEFAULT_SORT as SearchSort),
    selectedFacets: partial.selectedFacets ?? [],
    term: partial.term ?? null,
    base: partial.base ?? '/',
    page: partial.page ?? 0,
  }
}

/** The facets a category page starts from: category-1=cane, category-2=cibo-secco… */
export function categoryFacets(categorySlug: string): SelectedFacet[] {
  return categorySlug
    .split('/')
    .filter(Boolean)
    .map((segment, i) => ({ key: `category-${i + 1}`, value: segment }))
}

/**
 * Reads the state from a path and query string. `fixed` facets (a category
 * page's own category, a brand page's brand) are always part of the state,
 * whether or not the URL repeats them.
 */
export function parseSearchState(url: string | URL, fixed: SelectedFacet[] = []): SearchState {
  const { pathname, searchParams } = typeof url === 'string' ? new URL(url, 'http://localhost') : url
  const rawTerm = searchParams.get('q')?.trim().slice(0, MAX_TERM_LENGTH)
  const sort = searchParams.get('sort')
  const page = Number(searchParams.get('page') ?? 0)

  const selectedFacets: SelectedFacet[] = []
  const add = (facet: SelectedFacet) => {
    if (selectedFacets.length >= MAX_FACETS) return
    if (!selectedFacets.some((f) => f.key === facet.key && f.value === facet.value)) selectedFacets.push(facet)
  }
  fixed.forEach(add)
  const keys = new Set((searchParams.get('facets') ?? '').split(',').map((k) => k.trim()))
  for (const key of keys) {
    if (!FACET_KEY.test(key) || RESERVED.has(key)) continue
    for (const value of searchParams.getAll(key)) {
      const trimmed = value.trim().slice(0, MAX_TERM_LENGTH)
      if (trimmed) add({ key, value: trimmed })
    }
  }

  return initSearchState({
    base: pathname || '/',
    term: rawTerm ? rawTerm : null,
    sort: isSearchSort(sort) ? sort : undefined,
    page: Number.isInteger(page) && page >= 0 && page <= 10_000 ? page : 0,
    selectedFacets,
  })
}

/** The canonical path and query of a state, e.g. `/cane?category-1=cane&facets=category-1&sort=score_desc&page=0`. */
export function formatSearchState(state: SearchState): string {
  const url = new URL(state.base, 'http://localhost')
  if (state.term !== null) url.searchParams.set('q', state.term)
  const keys = new Set<string>()
  for (const facet of state.selectedFacets) {
    url.searchParams.append(facet.key, facet.value)
    keys.add(facet.key)
  }
  if (keys.size > 0) url.searchParams.set('facets', [...keys].join(','))
  url.searchParams.set('sort', state.sort)
  url.searchParams.set('page', String(state.page))
  return `${url.pathname}${url.search}`
}

/** Whether two states show the same view. */
export function sameView(a: SearchState, b: SearchState): boolean {
  return formatSearchState(a) === formatSearchState(b)
}

export function isSelected(state: SearchState, facet: SelectedFacet): boolean {
  return state.selectedFacets.some((f) => f.key === facet.key && f.value === facet.value)
}

/** Selects or unselects one facet value; any filter change goes back to the first page. */
export function toggleFacet(state: SearchState, facet: SelectedFacet): SearchState {
  const selectedFacets = isSelected(state, facet)
    ? state.selectedFacets.filter((f) => !(f.key === facet.key && f.value === facet.value))
    : [...state.selectedFacets, facet]
  return { ...state, selectedFacets, page: 0 }
}

/** Keeps only the `fixed` facets: "remove all filters". */
export function clearFacets(state: SearchState, fixed: SelectedFacet[]): SearchState {
  return { ...state, selectedFacets: state.selectedFacets.filter((f) => fixed.some((x) => x.key === f.key && x.value === f.value)), page: 0 }
}

export const setSort = (state: SearchState, sort: SearchSort): SearchState => ({ ...state, sort, page: 0 })
export const setPage = (state: SearchState, page: number): SearchState => ({ ...state, page: Math.max(0, page) })

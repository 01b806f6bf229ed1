/**
 * From the URL's search state to a catalog query and back. The URL names the
 * category path as category-1…category-4 facets holding one path segment
 * each (category-1=cane, category-2=cibo-secco); the catalog wants a scope
 * slug ("cane/cibo-secco") and full slugs for category filters.
 *
 * The scope is the longest path where each level has exactly one value. The
 * values of the next level down, when several are chosen, filter within it
 * (ORed). The catalog's child-category facet comes back under the key of its
 * level, valued by its last segment, so choosing one extends the URL's path.
 */
import type { Brand, Category, Facet, SearchQuery, SearchResult } from '../types'
import type { SearchState, SelectedFacet } from './state'

const CATEGORY_KEY = /^category-([1-4])$/

export const categoryLevelOf = (key: string): number | null => {
  const match = CATEGORY_KEY.exec(key)
  return match ? Number(match[1]) : null
}

export function searchQueryOf(state: SearchState, pageSize: number): SearchQuery {
  const byLevel = new Map<number, string[]>()
  const filters: SearchQuery['filters'] = []
  for (const facet of state.selectedFacets) {
    const level = categoryLevelOf(facet.key)
    if (level === null) filters.push({ key: facet.key, value: facet.value })
    else byLevel.set(level, [...(byLevel.get(level) ?? []), facet.value])
  }
  const scope: string[] = []
  for (let level = 1; byLevel.get(level)?.length === 1; level++) scope.push(byLevel.get(level)![0]!)
  for (const value of byLevel.get(scope.length + 1) ?? []) filters.push({ key: 'category', value: [...scope, value].join('/') })
  return {
    term: state.term,
    category: scope.length ? scope.join('/') : null,
    filters,
    sort: state.sort,
    page: state.page,
    pageSize,
  }
}

/** The catalog's facets with keys as the URL names them. */
export function facetsForState(result: SearchResult, query: SearchQuery): Facet[] {
  return result.facets.map((facet) => {
    if (facet.key !== 'category') return facet
    const level = (query.category ? query.category.split('/').length : 0) + 1
    return {
      ...facet,
      key: `category-${level}`,
      values: facet.values.map((v) => ({ ...v, value: v.value.split('/').pop() ?? v.value })),
    }
  })
}

/** A selected facet with the name a shopper reads on its chip. */
export interface SelectedFacetLabel extends SelectedFacet {
  label: string
}

/** What the search Function answers and category pages are prerendered with. */
export interface SearchResults extends SearchResult {
  selected: SelectedFacetLabel[]
  /** Searches that find something, offered when the term found nothing (req SEARCH-15). */
  alternatives?: string[]
}

export interface CatalogNames {
  categories: Category[]
  brands: Brand[]
}

/** Names of the selected facets: category and brand names from the catalog, others from the facet values. */
export function selectedLabels(state: SearchState, facets: Facet[], names: CatalogNames): SelectedFacetLabel[] {
  return state.selectedFacets.map((facet) => {
    const level = categoryLevelOf(facet.key)
    if (level !== null) {
      const path = state.selectedFacets
        .filter((f) => (categoryLevelOf(f.key) ?? 99) < level)
        .sort((a, b) => (categoryLevelOf(a.key) ?? 0) - (categoryLevelOf(b.key) ?? 0))
        .map((f) => f.value)
      const slug = [...path, facet.value].join('/')
      const category = names.categories.find((c) => c.slug === slug) ?? names.categories.find((c) => c.level === level && c.slug.endsWith(`/${facet.value}`))
      return { ...facet, label: category?.name ?? facet.value }
    }
    if (facet.key === 'brand') return { ...facet, label: names.brands.find((b) => b.slug === facet.value)?.name ?? facet.value }
    const value = facets.find((f) => f.key === facet.key)?.values.find((v) => v.value === facet.value)
    return { ...facet, label: value?.label ?? facet.value }
  })
}

/**
 * A product listing whose URL is its state (spec §2): category, brand and
 * search pages. The prerendered view shows at first paint; filtering,
 * sorting and paging navigate to the new URL, and the results for it come
 * from the search Function, so a shared link or the back button restores
 * the same view. On a phone the facets sit in a filter modal that locks the
 * page's scroll while open.
 */
import { navigate } from 'gatsby'
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react'
import styled from 'styled-components'
import { Chip } from '../ui/Chip'
import { listReset } from '../ui/listReset'
import { visuallyHidden } from '../ui/visuallyHidden'
import type { SearchResults } from '../../domain/search/query'
import { texts } from '../../config/texts'
import {
  clearFacets,
  formatSearchState,
  initSearchState,
  parseSearchState,
  SEARCH_SORTS,
  setPage,
  setSort,
  toggleFacet,
  type SearchSort,
  type SearchState,
  type SelectedFacet,
} from '../../domain/search/state'
import { useSearchResults } from '../../sdk/search/useSearchResults'
import { useHydrated } from '../../sdk/useHydrated'
import { FacetFilters } from '../sections/FacetFilters'
import { ProductGrid } from '../sections/ProductGrid'
import { Button } from '../ui/Button'
import { Pagination } from '../ui/Pagination'

interface Props {
  location: { pathname: string; search: string }
  /** Facets the page itself stands for (its category path, its brand): always applied, never offered for removal. */
  fixed?: SelectedFacet[]
  /** The default view, rendered at build time; null when the page has no default view (search). */
  prerendered?: SearchResults | null
  hiddenFacets?: string[]
  /** Shown instead of the grid when nothing matches and no filter is set. */
  empty?: ReactNode
}

export function ProductListing({ location, fixed = [], prerendered = null, hiddenFacets = [], empty }: Props) {
  // The static HTML is the default view; the query string is read once hydrated.
  const hydrated = useHydrated()
  const search = hydrated ? location.search : ''
  const urlState = useMemo(() => parseSearchState(`${location.pathname}${search}`, fixed), [location.pathname, search, fixed])
  // A choice shows at once (box ticked, sort chosen) while the navigation to its URL is under way.
  const [pending, setPending] = useState<SearchState | null>(null)
  const urlKey = formatSearchState(urlState)
  useEffect(() => setPending(null), [urlKey])
  const state = pending ?? urlState
  const prerenderedView = useMemo(
    () => (prerendered ? { state: initSearchState({ base: location.pathname, selectedFacets: fixed }), results: prerendered } : null),
    [prerendered, location.pathname, fixed],
  )
  const status = useSearchResults(urlState, prerenderedView)
  const results = status.kind === 'ready' ? status.results : status.previous
  const [filtersOpen, setFiltersOpen] = useState(false)
  const top = useRef<HTMLDivElement>(null)

  const go = (next: SearchState) => {
    setPending(next)
    void navigate(formatSearchState(next))
  }
  const onToggle = (facet: SelectedFacet) => go(toggleFacet(state, facet))
  const removable = state.selectedFacets.filter((f) => !fixed.some((x) => x.key === f.key && x.value === f.value))
  const chips = removable.map((f) => results?.selected.find((s) => s.key === f.key && s.value === f.value) ?? { ...f, label: f.value })

  useBodyScrollLock(filtersOpen)
  useScrollToTopOnPage(state.page, top)

  const total = results?.total ?? 0
  const pages = results ? Math.ceil(results.total / results.pageSize) : 0
  const filters = results ? <FacetFilters facets={results.facets} selected={state.selectedFacets} onToggle={onToggle} hidden={hiddenFacets} idPrefix="f" /> : null
  const selectedChips = chips.length > 0 && (
    <Chips data-testid="selected-filters">
      {chips.map((chip) => (
        <li key={`${chip.key}=${chip.value}`}>
          <Chip type="button" onClick={() => onToggle(chip)} aria-label={texts.listing.remove(chip.label)} data-testid="selected-chip">
            {chip.label} <span aria-hidden="true">×</span>
          </Chip>
        </li>
      ))}
      <li>
        <ClearAll type="button" onClick={() => go(clearFacets(state, fixed))} data-testid="clear-filters">
          {texts.listing.clearAll}
        </ClearAll>
      </li>
    </Chips>
  )

  return (
    <Wrapper ref={top} data-testid="listing" data-state={formatSearchState(state)} data-hydrated={hydrated} aria-busy={status.kind === 'loading'}>
      <Sidebar aria-label={texts.listing.filters}>{filters}</Sidebar>
      <Results>
        <Toolbar>
          <Count data-testid="results-count" role="status">
            {results ? texts.listing.results(total) : texts.listing.loading}
          </Count>
          <FilterButton type="button" onClick={() => setFiltersOpen(true)} data-testid="filter-button" aria-haspopup="dialog">
            {texts.listing.filtersCount(removable.length)}
          </FilterButton>
          <SortLabel>
            <span>{texts.listing.sort}</span>
            <select value={state.sort} onChange={(e) => go(setSort(state, e.target.value as SearchSort))} data-testid="sort-select">
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {texts.listing.sorts[sort]}
                </option>
              ))}
            </select>
          </SortLabel>
        </Toolbar>
        {selectedChips}
        {status.kind === 'error' && (
          <Notice role="alert" data-testid="listing-error">
            <p>{status.stale ? texts.listing.staleFilters : texts.listing.error}</p>
            {status.stale ? (
              <Button type="button" $variant="secondary" onClick={() => go(clearFacets(initSearchState({ ...state, page: 0 }), fixed))}>
                {texts.listing.clearAll}
              </Button>
            ) : (
              <Button type="button" $variant="secondary" onClick={status.retry}>
                {texts.listing.retry}
              </Button>
            )}
          </Notice>
        )}
        {results && results.products.length > 0 && (
          <Fade $busy={status.kind === 'loading'}>
            <ProductGrid products={results.products} columns={3} />
          </Fade>
        )}
        {results && results.products.length === 0 && status.kind === 'ready' && (removable.length > 0 ? <Notice>{texts.listing.empty}</Notice> : empty)}
        {!results && status.kind === 'loading' && <Skeleton aria-hidden="true" />}
        {results && <Pagination page={state.page} pages={pages} hrefOf={(p) => formatSearchState(setPage(state, p))} />}
      </Results>
      {filtersOpen && (
        <Modal role="dialog" aria-modal="true" aria-label={texts.listing.filters} data-testid="filter-modal">
          <ModalHead>
            <h2>{texts.listing.filters}</h2>
            <button type="button" onClick={() => setFiltersOpen(false)} aria-label={texts.listing.close} data-testid="filter-close">
              ×
            </button>
          </ModalHead>
          <ModalBody>
            {selectedChips}
            {results && <FacetFilters facets={results.facets} selected={state.selectedFacets} onToggle={onToggle} hidden={hiddenFacets} idPrefix="m" />}
          </ModalBody>
          <ModalFoot>
            <Button type="button" $block onClick={() => setFiltersOpen(false)} data-testid="filter-apply">
              {texts.listing.showResults(total)}
            </Button>
          </ModalFoot>
        </Modal>
      )}
    </Wrapper>
  )
}

/** Spec §4: an open store modal puts no-scroll on the body. */
function useBodyScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return
    document.body.classList.add('no-scroll')
    return () => document.body.classList.remove('no-scroll')
  }, [locked])
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


const Wrapper = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.lg};
  scroll-margin-top: 80px;
  ${({ theme }) => theme.media.nav} {
    grid-template-columns: 240px minmax(0, 1fr);
  }
`
const Sidebar = styled.aside`
  display: none;
  ${({ theme }) => theme.media.nav} {
    display: block;
  }
`
const Results = styled.section`
  min-width: 0;
`
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
`
const Count = styled.p`
  flex: 1 0 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.font.size.sm};
  ${({ theme }) => theme.media.nav} {
    flex: 1;
  }
`
const FilterButton = styled.button`
  flex: 1;
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.colors.ink};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  cursor: pointer;
  ${({ theme }) => theme.media.nav} {
    display: none;
  }
`
const SortLabel = styled.label`
  flex: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  span {
    white-space: nowrap;
  }
  select {
    flex: 1;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
  }
  ${({ theme }) => theme.media.belowNav} {
    span {
      ${visuallyHidden}
    }
  }
  ${({ theme }) => theme.media.nav} {
    flex: 0 0 auto;
  }
`
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  ${listReset}
  margin: 0 0 ${({ theme }) => theme.space.md};
`
const ClearAll = styled.button`
  min-height: 32px;
  border: 0;
  background: none;
  text-decoration: underline;
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
`
const Notice = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
`
const Fade = styled.div<{ $busy: boolean }>`
  opacity: ${({ $busy }) => ($busy ? 0.5 : 1)};
  transition: opacity 0.15s;
`
const Skeleton = styled.div`
  min-height: 60vh;
  border-radius: ${({ theme }) => theme.radius.md};
  background: linear-gradient(90deg, ${({ theme }) => theme.colors.surfaceAlt}, ${({ theme }) => theme.colors.surface}, ${({ theme }) => theme.colors.surfaceAlt});
`
const Modal = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
`
const ModalHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  button {
    width: 44px;
    height: 44px;
    border: 0;
    background: none;
    font-size: 28px;
    cursor: pointer;
  }
`
const ModalBody = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
`
const ModalFoot = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.line};
`

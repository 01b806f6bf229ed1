/**
 * A product listing whose URL is its state (req SEARCH-02, SEARCH-05): category, brand and
 * search pages. The prerendered view shows at first paint; filtering,
 * sorting and paging navigate to the new URL, and the results for it come
 * from the search Function, so a shared link or the back button restores
 * the same view (state in `useListingState`). On a phone the facets sit in
 * a filter modal, the 'filters' panel of the panel system: it traps focus,
 * locks the page's scroll and closes on Escape, back to the filter button.
 */
import { Link } from 'gatsby'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Chip } from '../../ui/Chip'
import { listReset } from '../../ui/listReset'
import { visuallyHidden } from '../../ui/visuallyHidden'
import type { SearchResults } from '../../../domain/search/query'
import { listingTexts } from '../../../config/texts/listing'
import { searchTexts } from '../../../config/texts/search'
import { paths } from '../../../config/paths'
import { SEARCH_SORTS, type SearchState, type SelectedFacet } from '../../../domain/search/state'
import { useListAnalytics } from '../../../sdk/analytics/useGa4'
import { useListingState } from '../../../sdk/search/useListingState'
import { useModalPanel } from '../../../sdk/shell/overlay'
import { Button } from '../../ui/Button'
import { CloseButton } from '../../ui/CloseButton'
import { Dialog, DialogHead } from '../../ui/Dialog'
import { FacetFilters } from '../../ui/FacetFilters'
import { Pagination } from '../../ui/Pagination'
import { ProductGrid } from '../../ui/ProductGrid'
import { cardHeart } from '../account/WishlistHeart'
import { theme } from '../../../config/theme'

interface Props {
  location: { pathname: string; search: string }
  /** Facets the page itself stands for (its category path, its brand): always applied, never offered for removal. */
  fixed?: SelectedFacet[]
  /** The default view, rendered at build time; null when the page has no default view (search). */
  prerendered?: SearchResults | null
  /** The view the server rendered this search page with, when the address shows it (src/sdk/search/served.ts). */
  served?: { state: SearchState; results: SearchResults } | null
  hiddenFacets?: string[]
  /** Shown instead of the grid when nothing matches and no filter is set; a function is given the answer (its other searches). */
  empty?: ReactNode | ((results: SearchResults) => ReactNode)
}

export function ProductListing({ location, fixed, prerendered, served, hiddenFacets = [], empty }: Props) {
  const { state, status, results, chips, total, pages, toggle, clearAll, clearStale, hrefOfPage, listingProps, sortProps } = useListingState({ location, fixed, prerendered, served })
  const filters = useModalPanel<HTMLDivElement>('filters')
  const onSelect = useListAnalytics(results?.products, location.pathname)

  const facets = (idPrefix: string) =>
    results &&
    (results.facetsUnavailable ? (
      <FiltersUnavailable data-testid="filters-unavailable">{searchTexts.filtersUnavailable}</FiltersUnavailable>
    ) : (
      <FacetFilters facets={results.facets} selected={state.selectedFacets} onToggle={toggle} hidden={hiddenFacets} idPrefix={idPrefix} />
    ))
  const selectedChips = chips.length > 0 && (
    <Chips data-testid="selected-filters">
      {chips.map((chip) => (
        <li key={`${chip.key}=${chip.value}`}>
          <Chip type="button" onClick={() => toggle(chip)} aria-label={listingTexts.remove(chip.label)} data-testid="selected-chip">
            {chip.label} <span aria-hidden="true">×</span>
          </Chip>
        </li>
      ))}
      <li>
        <ClearAll type="button" onClick={clearAll} data-testid="clear-filters">
          {listingTexts.clearAll}
        </ClearAll>
      </li>
    </Chips>
  )

  return (
    <Wrapper data-testid="listing" {...listingProps}>
      <Sidebar aria-label={listingTexts.filters}>{facets('f')}</Sidebar>
      <Results>
        <Toolbar>
          <Count data-testid="results-count" role="status">
            {results ? listingTexts.results(total) : listingTexts.loading}
          </Count>
          <FilterButton type="button" onClick={filters.open} data-testid="filter-button" aria-haspopup="dialog">
            {listingTexts.filtersCount(chips.length)}
          </FilterButton>
          <SortLabel>
            <span>{listingTexts.sort}</span>
            <select {...sortProps} data-testid="sort-select">
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {listingTexts.sorts[sort]}
                </option>
              ))}
            </select>
          </SortLabel>
        </Toolbar>
        {selectedChips}
        {results?.correction && (
          <Correction data-testid="search-correction">
            {searchTexts.didYouMean} <Link to={paths.search(results.correction.term)}>«{results.correction.term}»</Link>?
          </Correction>
        )}
        {status.kind === 'error' && (
          <Notice role="alert" data-testid="listing-error">
            <p>{status.stale ? listingTexts.staleFilters : listingTexts.error}</p>
            {status.stale ? (
              <Button type="button" $variant="secondary" onClick={clearStale}>
                {listingTexts.clearAll}
              </Button>
            ) : (
              <Button type="button" $variant="secondary" onClick={status.retry}>
                {listingTexts.retry}
              </Button>
            )}
          </Notice>
        )}
        {results && results.products.length > 0 && (
          <Fade $busy={status.kind === 'loading'}>
            <h2 className="visually-hidden">{listingTexts.productsHeading}</h2>
            <ProductGrid products={results.products} columns={3} cardCorner={cardHeart} onSelect={onSelect} />
          </Fade>
        )}
        {results && results.products.length === 0 && status.kind === 'ready' && (chips.length > 0 ? <Notice>{listingTexts.empty}</Notice> : typeof empty === 'function' ? empty(results) : empty)}
        {!results && status.kind === 'loading' && <Skeleton aria-hidden="true" />}
        {results && <Pagination page={state.page} pages={pages} hrefOf={hrefOfPage} />}
      </Results>
      {filters.isOpen && (
        <Dialog ref={filters.ref} $placement="full" aria-label={listingTexts.filters} data-testid="filter-modal">
          <ModalHead>
            <h2>{listingTexts.filters}</h2>
            <CloseButton label={listingTexts.close} onClick={filters.close} data-testid="filter-close" />
          </ModalHead>
          <ModalBody>
            {selectedChips}
            {facets('m')}
          </ModalBody>
          <ModalFoot>
            <Button type="button" $block onClick={filters.close} data-testid="filter-apply">
              {listingTexts.showResults(total)}
            </Button>
          </ModalFoot>
        </Dialog>
      )}
    </Wrapper>
  )
}

const Wrapper = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.space.lg};
  scroll-margin-top: 80px;
  ${theme.media.nav} {
    grid-template-columns: 240px minmax(0, 1fr);
  }
`
const Sidebar = styled.aside`
  display: none;
  ${theme.media.nav} {
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
  gap: ${theme.space.sm} ${theme.space.md};
  margin-bottom: ${theme.space.md};
`
const Count = styled.p`
  flex: 1 0 100%;
  margin: 0;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.sm};
  ${theme.media.nav} {
    flex: 1;
  }
`
const FilterButton = styled.button`
  flex: 1;
  min-height: 44px;
  border: 1px solid ${theme.colors.ink};
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.surface};
  font-weight: ${theme.font.weight.bold};
  cursor: pointer;
  ${theme.media.nav} {
    display: none;
  }
`
const SortLabel = styled.label`
  flex: 1;
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  font-size: ${theme.font.size.sm};
  span {
    white-space: nowrap;
  }
  select {
    flex: 1;
    min-height: 44px;
    padding: 0 ${theme.space.sm};
    border: 1px solid ${theme.colors.line};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
    font: inherit;
  }
  ${theme.media.belowNav} {
    span {
      ${visuallyHidden}
    }
  }
  ${theme.media.nav} {
    flex: 0 0 auto;
  }
`
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  ${listReset}
  margin: 0 0 ${theme.space.md};
`
const ClearAll = styled.button`
  min-height: 32px;
  border: 0;
  background: none;
  text-decoration: underline;
  font-size: ${theme.font.size.sm};
  cursor: pointer;
`
/** "Forse cercavi «…»?": the results are the corrected term's, and its link is the search for it as written. */
const Correction = styled.p`
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.font.size.md};
  a {
    color: ${theme.colors.brandDark};
    font-weight: 700;
  }
`
/** Said where the filters would be: the products are right, only the ways to narrow them are missing. */
const FiltersUnavailable = styled.p`
  margin: 0;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.sm};
`
const Notice = styled.div`
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  text-align: center;
`
const Fade = styled.div<{ $busy: boolean }>`
  opacity: ${({ $busy }) => ($busy ? 0.5 : 1)};
  transition: opacity 0.15s;
`
const Skeleton = styled.div`
  min-height: 60vh;
  border-radius: ${theme.radius.md};
  background: linear-gradient(90deg, ${theme.colors.surfaceAlt}, ${theme.colors.surface}, ${theme.colors.surfaceAlt});
`
const ModalHead = DialogHead
const ModalBody = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: ${theme.space.md};
`
const ModalFoot = styled.div`
  padding: ${theme.space.md};
  border-top: 1px solid ${theme.colors.line};
`

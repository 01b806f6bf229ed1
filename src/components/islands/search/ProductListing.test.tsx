/** The listing's filters column: the facets as filters, or a word that they are unavailable when the catalog answered without them. */
import { screen } from '@testing-library/react'
import { productSummary } from '../../../testing/fixtures'
import { renderWithProviders } from '../../../testing/render'
import { searchTexts } from '../../../config/texts/search'
import type { SearchResults } from '../../../domain/search/query'
import { ProductListing } from './ProductListing'

const product = productSummary()
const results: SearchResults = {
  products: [product],
  total: 1,
  page: 0,
  pageSize: 24,
  facets: [{ key: 'brand', label: 'Marca', values: [{ value: 'b', label: 'B', quantity: 1, selected: false }] }],
  selected: [],
}
const location = { pathname: '/cane', search: '' }

describe('ProductListing', () => {
  it('offers the facets as filters', () => {
    renderWithProviders(<ProductListing location={location} prerendered={results} />)
    expect(screen.getByTestId('facets').textContent).toContain('Marca')
    expect(screen.queryByTestId('filters-unavailable')).toBeNull()
  })

  it('says the filters are unavailable, and still lists the products, when the catalog answered without facets', () => {
    renderWithProviders(<ProductListing location={location} prerendered={{ ...results, facets: [], facetsUnavailable: true }} />)
    expect(screen.getByTestId('filters-unavailable').textContent).toBe(searchTexts.filtersUnavailable)
    expect(screen.queryByTestId('facets')).toBeNull()
    expect(screen.getAllByText('Crocchette Adult Pollo').length).toBeGreaterThan(0)
  })
})

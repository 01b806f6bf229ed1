/** A listing's default view is prerendered into its page, so one the catalog answered without facets is refused. */
import type { CatalogAdapter } from '../commerce'
import type { SearchResult } from '../domain/types'
import { categoryListing, listingView } from './listings'

const names = { categories: [{ id: '1', slug: 'cane', name: 'Cane', level: 1 as const, parentId: null, position: 0 }], brands: [] }
const catalogAnswering = (result: SearchResult) => ({ search: async () => result }) as unknown as CatalogAdapter
const found: SearchResult = { products: [], total: 0, page: 0, pageSize: 24, facets: [{ key: 'brand', label: 'Marca', values: [{ value: 'acme', label: 'Acme', quantity: 3, selected: false }] }] }

describe('listingView', () => {
  it('gives the view with its facets', async () => {
    const view = await listingView(catalogAnswering(found), names, '/cane', categoryListing('cane'))
    expect(view.facets.map((f) => f.key)).toEqual(['brand'])
  })

  it('refuses a view whose facets the catalog could not answer, rather than prerender a page without filters', async () => {
    await expect(listingView(catalogAnswering({ ...found, facets: [], facetsUnavailable: true }), names, '/cane', categoryListing('cane'))).rejects.toThrow(/\/cane without its facets/)
  })
})

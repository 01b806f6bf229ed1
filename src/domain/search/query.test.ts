import { initSearchState } from './state'
import { categoryLevelOf, facetsForState, searchQueryOf } from './query'

const state = (selectedFacets: { key: string; value: string }[], extra = {}) => initSearchState({ base: '/x', selectedFacets, ...extra })

describe('search state to catalog query', () => {
  it('scopes to the category path and passes the other facets as filters', () => {
    const query = searchQueryOf(
      state(
        [
          { key: 'category-1', value: 'cane' },
          { key: 'category-2', value: 'cibo-secco' },
          { key: 'brand', value: 'monge' },
          { key: 'price', value: '10-25' },
        ],
        { term: 'pollo', sort: 'price_asc', page: 2 },
      ),
      24,
    )
    expect(query).toEqual({
      term: 'pollo',
      category: 'cane/cibo-secco',
      filters: [
        { key: 'brand', value: 'monge' },
        { key: 'price', value: '10-25' },
      ],
      sort: 'price_asc',
      page: 2,
      pageSize: 24,
    })
  })

  it('filters by several sibling categories below the scope', () => {
    const query = searchQueryOf(
      state([
        { key: 'category-1', value: 'gatto' },
        { key: 'category-2', value: 'cibo-umido' },
        { key: 'category-2', value: 'snack' },
      ]),
      24,
    )
    expect(query.category).toBe('gatto')
    expect(query.filters).toEqual([
      { key: 'category', value: 'gatto/cibo-umido' },
      { key: 'category', value: 'gatto/snack' },
    ])
  })

  it('has no scope without category facets', () => {
    expect(searchQueryOf(state([]), 24).category).toBeNull()
    expect(categoryLevelOf('category-5')).toBeNull()
    expect(categoryLevelOf('category-3')).toBe(3)
  })

  it('names the child-category facet after its level with the last slug segment', () => {
    const query = searchQueryOf(state([{ key: 'category-1', value: 'cane' }]), 24)
    const facets = facetsForState(
      {
        products: [],
        total: 0,
        page: 0,
        pageSize: 24,
        facets: [
          { key: 'category', label: 'Categoria', values: [{ value: 'cane/cibo-secco', label: 'Cibo secco', quantity: 4, selected: false }] },
          { key: 'brand', label: 'Marca', values: [] },
        ],
      },
      query,
    )
    expect(facets[0]).toEqual({ key: 'category-2', label: 'Categoria', values: [{ value: 'cibo-secco', label: 'Cibo secco', quantity: 4, selected: false }] })
    expect(facets[1]?.key).toBe('brand')
  })
})

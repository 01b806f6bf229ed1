import { formatSearchState as formatSdkState } from '@faststore/sdk'
import {
  categoryFacets,
  clearFacets,
  formatSearchState,
  initSearchState,
  parseSearchState,
  sameView,
  setPage,
  setSort,
  toggleFacet,
} from './state'

describe('search state in the URL', () => {
  it('parses term, facets in key order, sort and a zero-based page', () => {
    const state = parseSearchState('/s?q=crocchette&facets=brand,gusto&brand=royal&gusto=pollo&brand=monge&sort=price_asc&page=2')
    expect(state).toEqual({
      base: '/s',
      term: 'crocchette',
      sort: 'price_asc',
      page: 2,
      selectedFacets: [
        { key: 'brand', value: 'royal' },
        { key: 'brand', value: 'monge' },
        { key: 'gusto', value: 'pollo' },
      ],
    })
  })

  it('defaults to score_desc, page 0, no term and base /', () => {
    expect(parseSearchState('/')).toEqual({ base: '/', term: null, sort: 'score_desc', page: 0, selectedFacets: [] })
  })

  it('falls back to the defaults for an unknown sort and a bad page', () => {
    expect(parseSearchState('/cane?sort=cheapest&page=-1')).toMatchObject({ sort: 'score_desc', page: 0 })
    expect(parseSearchState('/cane?page=1.5')).toMatchObject({ page: 0 })
    expect(parseSearchState('/cane?page=abc')).toMatchObject({ page: 0 })
  })

  it('reads only the keys named in facets, each value once, ignoring reserved keys', () => {
    const state = parseSearchState('/s?q=x&facets=brand,brand,sort,q&brand=a&brand=a&brand=b&colore=rosso')
    expect(state.selectedFacets).toEqual([
      { key: 'brand', value: 'a' },
      { key: 'brand', value: 'b' },
    ])
  })

  it('treats a blank term as no term', () => {
    expect(parseSearchState('/s?q=%20%20').term).toBeNull()
  })

  it('always keeps the fixed facets of a category page, first', () => {
    const fixed = categoryFacets('cane/cibo-secco')
    expect(fixed).toEqual([
      { key: 'category-1', value: 'cane' },
      { key: 'category-2', value: 'cibo-secco' },
    ])
    const state = parseSearchState('/cane/cibo-secco?facets=brand&brand=monge', fixed)
    expect(state.selectedFacets).toEqual([...fixed, { key: 'brand', value: 'monge' }])
  })

  it('formats the canonical URL with category-1, category-2, facets, sort and page', () => {
    const state = initSearchState({
      base: '/cane/cibo-secco',
      selectedFacets: [...categoryFacets('cane/cibo-secco'), { key: 'brand', value: 'monge' }],
    })
    expect(formatSearchState(state)).toBe(
      '/cane/cibo-secco?category-1=cane&category-2=cibo-secco&brand=monge&facets=category-1%2Ccategory-2%2Cbrand&sort=score_desc&page=0',
    )
  })

  it('formats exactly as @faststore/sdk does', () => {
    const state = initSearchState({ base: '/s', term: 'cibo gatto', selectedFacets: [{ key: 'brand', value: 'a b' }, { key: 'price', value: '0-10' }], page: 1 })
    const url = formatSdkState(state)
    expect(formatSearchState(state)).toBe(`${url.pathname}${url.search}`)
  })

  it('round-trips: parse(format(state)) is the same state', () => {
    const states = [
      initSearchState({ base: '/s', term: 'lettiera gatto', sort: 'name_desc', page: 3 }),
      initSearchState({
        base: '/gatto',
        selectedFacets: [
          { key: 'category-1', value: 'gatto' },
          { key: 'price', value: '10-25' },
          { key: 'price', value: '100-*' },
          { key: 'gusto', value: 'salmone & riso' },
        ],
        sort: 'discount_desc',
      }),
    ]
    for (const state of states) expect(parseSearchState(formatSearchState(state))).toEqual(state)
  })

  it('toggles facets back to page 0, clears to the fixed ones, sets sort and page', () => {
    const fixed = categoryFacets('cane')
    let state = initSearchState({ base: '/cane', selectedFacets: fixed, page: 4 })
    state = toggleFacet(state, { key: 'brand', value: 'monge' })
    expect(state.page).toBe(0)
    expect(state.selectedFacets).toContainEqual({ key: 'brand', value: 'monge' })
    state = toggleFacet(setPage(state, 2), { key: 'brand', value: 'monge' })
    expect(state.selectedFacets).toEqual(fixed)
    state = clearFacets(toggleFacet(state, { key: 'colore', value: 'rosso' }), fixed)
    expect(state.selectedFacets).toEqual(fixed)
    expect(setSort(setPage(state, 5), 'price_desc')).toMatchObject({ sort: 'price_desc', page: 0 })
    expect(setPage(state, -3).page).toBe(0)
  })

  it('compares views by their URL', () => {
    expect(sameView(parseSearchState('/s?q=a'), parseSearchState('/s?q=a&sort=score_desc&page=0'))).toBe(true)
    expect(sameView(parseSearchState('/s?q=a'), parseSearchState('/s?q=a&page=1'))).toBe(false)
  })
})

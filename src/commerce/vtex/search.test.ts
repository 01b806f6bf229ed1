import { facetPath, queryOfFacetPath } from './search'

describe('the search state and Intelligent Search facet paths (req VTEX-04)', () => {
  it('puts the trade policy first, the category path as levels, price as min:max, facets as key/value', () => {
    const query = { category: 'cane/cibo-secco', filters: [{ key: 'brand', value: 'royal-canin' }, { key: 'price', value: '10-25' }, { key: 'taglia', value: 'piccola' }] }
    const path = facetPath(query, '2')
    expect(path).toBe('trade-policy/2/category-1/cane/category-2/cibo-secco/brand/royal-canin/price/10:25/taglia/piccola')
    expect(queryOfFacetPath(path)).toEqual(query)
  })

  it('refuses what would change the path it builds: slashes, a trade policy or a category level passed as a facet', () => {
    expect(() => facetPath({ category: null, filters: [{ key: 'brand', value: 'a/trade-policy/9' }] }, '1')).toThrow(RangeError)
    expect(() => facetPath({ category: null, filters: [{ key: 'trade-policy', value: '9' }] }, '1')).toThrow(RangeError)
    expect(() => facetPath({ category: null, filters: [{ key: 'category-1', value: 'gatto' }] }, '1')).toThrow(RangeError)
    expect(() => facetPath({ category: '../x', filters: [] }, '1')).toThrow(RangeError)
    expect(() => facetPath({ category: null, filters: [{ key: 'price', value: 'cheap' }] }, '1')).toThrow(RangeError)
  })
})

import { isFlyer, PAGE_TYPES, pageTypeOf } from './pageType'

describe('page types', () => {
  it('names every page type the shop recognises', () => {
    expect(PAGE_TYPES).toEqual(
      expect.arrayContaining(['home', 'productList', 'productDetail', 'search', 'brand', 'institutional', 'serviceBooking', 'flyer', 'login', 'logout', 'checkout', 'account']),
    )
  })

  it('reads the page type of a storefront path', () => {
    const paths = ['/', '/crocchette-adult-pollo/p', '/s', '/marca/fido-select', '/volantino-mese', '/cane/cibo-secco/', '/logout', '/account', '/added-to-cart', '/500']
    expect(paths.map(pageTypeOf)).toEqual(['home', 'productDetail', 'search', 'brand', 'flyer', 'productList', 'logout', 'account', 'institutional', 'institutional'])
  })

  it('recognises a flyer by a name starting with volantino or by the fullscreen template', () => {
    expect(isFlyer('volantino-settimana')).toBe(true)
    expect(isFlyer('/volantino-mese')).toBe(true)
    expect(isFlyer('offerte', 'fullscreen')).toBe(true)
    expect(isFlyer('offerte', 'mobile')).toBe(false)
    expect(isFlyer('il-volantino')).toBe(false)
  })
})

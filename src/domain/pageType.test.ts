import { isFlyer, PAGE_TYPES, pageTypeOf } from './pageType'

describe('page types', () => {
  it('names every page type the shop recognises', () => {
    expect(PAGE_TYPES).toEqual(
      expect.arrayContaining(['home', 'productList', 'productDetail', 'search', 'brand', 'institutional', 'serviceBooking', 'flyer', 'login', 'logout', 'checkout', 'account']),
    )
  })

  it('reads the page type of a storefront path', () => {
    expect(pageTypeOf('/')).toBe('home')
    expect(pageTypeOf('/crocchette-adult-pollo/p')).toBe('productDetail')
    expect(pageTypeOf('/s')).toBe('search')
    expect(pageTypeOf('/marca/fido-select')).toBe('brand')
    expect(pageTypeOf('/volantino-mese')).toBe('flyer')
    expect(pageTypeOf('/cane/cibo-secco/')).toBe('productList')
    expect(pageTypeOf('/logout')).toBe('logout')
    expect(pageTypeOf('/account')).toBe('account')
    expect(pageTypeOf('/added-to-cart')).toBe('institutional')
    expect(pageTypeOf('/500')).toBe('institutional')
  })

  it('recognises a flyer by a name starting with volantino or by the fullscreen template', () => {
    expect(isFlyer('volantino-settimana')).toBe(true)
    expect(isFlyer('/volantino-mese')).toBe(true)
    expect(isFlyer('offerte', 'fullscreen')).toBe(true)
    expect(isFlyer('offerte', 'mobile')).toBe(false)
    expect(isFlyer('il-volantino')).toBe(false)
  })
})

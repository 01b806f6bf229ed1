import { isOutOfStock } from './stock'

describe('out-of-stock rule (req CART-22)', () => {
  it('is out of stock when lowPrice is 0 or less', () => {
    expect(isOutOfStock({ offers: { lowPrice: 0 } })).toBe(true)
    expect(isOutOfStock({ offers: { lowPrice: -1 } })).toBe(true)
  })

  it('is in stock for any positive lowPrice', () => {
    expect(isOutOfStock({ offers: { lowPrice: 0.01 } })).toBe(false)
    expect(isOutOfStock({ offers: { lowPrice: 12.5 } })).toBe(false)
  })
})

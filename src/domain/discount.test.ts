import { discountOf } from './discount'

describe('discountOf', () => {
  it('computes the discount to 2 decimals and the percentage as 1 − price/listPrice', () => {
    expect(discountOf({ price: 10.99, listPrice: 12.5 })).toEqual({ discount: 1.51, percentage: 1 - 10.99 / 12.5 })
    expect(discountOf({ price: 5, listPrice: 5 })).toEqual({ discount: 0, percentage: 0 })
    expect(discountOf({ price: 0, listPrice: 0 })).toEqual({ discount: 0, percentage: 0 })
  })
})

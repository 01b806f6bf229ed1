import { cartItem } from '../testing/fixtures'
import { checkoutState, isLineOutOfStock } from './checkout'

describe('checkoutState', () => {
  const items = [cartItem({ price: 10 })]

  it('allows checkout for a valid cart at or above 8.99', () => {
    expect(checkoutState({ items, total: 8.99, isValidating: false, cartId: 'of1' })).toEqual({ disabled: false, belowMinimum: false, hasOutOfStock: false })
  })

  it('is disabled while validating', () => {
    expect(checkoutState({ items, total: 20, isValidating: true, cartId: 'of1' }).disabled).toBe(true)
  })

  it('is disabled under the minimum order value', () => {
    expect(checkoutState({ items, total: 8.98, isValidating: false, cartId: 'of1' })).toMatchObject({ disabled: true, belowMinimum: true })
  })

  it('is disabled when any line is out of stock', () => {
    const withMissing = [...items, cartItem({ sku: '2', lowPrice: 0 })]
    expect(checkoutState({ items: withMissing, total: 50, isValidating: false, cartId: 'of1' })).toMatchObject({ disabled: true, hasOutOfStock: true })
  })

  it('is allowed exactly at 8.99 and disabled one cent below', () => {
    expect(checkoutState({ items, total: 8.99, isValidating: false, cartId: 'of1' }).disabled).toBe(false)
    expect(checkoutState({ items, total: 8.98, isValidating: false, cartId: 'of1' }).disabled).toBe(true)
  })

  it('is disabled while the platform has not confirmed the cart', () => {
    expect(checkoutState({ items, total: 20, isValidating: false, cartId: 'of1', unsynced: true }).disabled).toBe(true)
  })

  it('is disabled for an empty cart', () => {
    expect(checkoutState({ items: [], total: 20, isValidating: false, cartId: 'of1' }).disabled).toBe(true)
  })

  it('is disabled before the cart has an order form', () => {
    expect(checkoutState({ items, total: 50, isValidating: false, cartId: '' }).disabled).toBe(true)
  })
})

describe('isLineOutOfStock', () => {
  it('reads the lowPrice of the line sku among the variants', () => {
    expect(isLineOutOfStock(cartItem({ lowPrice: 0 }))).toBe(true)
    expect(isLineOutOfStock(cartItem({ lowPrice: -1 }))).toBe(true)
    expect(isLineOutOfStock(cartItem({ lowPrice: 0.5 }))).toBe(false)
  })
})

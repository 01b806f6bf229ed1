import { cartItem } from '../testing/fixtures'
import { linePoints, loyaltyPoints, parseMultiplier } from './loyalty'

const subscribed = (overrides: Parameters<typeof cartItem>[0]) => {
  const item = cartItem(overrides)
  item.itemOffered.additionalProperty = [{ name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' }]
  return item
}

describe('loyalty points (req LOYALTY-01, LOYALTY-02)', () => {
  it('truncates the line total, then multiplies by the sku multiplier', () => {
    expect(linePoints(cartItem({ price: 10.99, quantity: 3 }))).toBe(32)
    expect(linePoints(cartItem({ price: 10.99, quantity: 3 }), 2)).toBe(64)
  })

  it('takes 0.95 of a subscription line first', () => {
    expect(linePoints(subscribed({ price: 19.99, quantity: 1 }))).toBe(18)
    expect(linePoints(subscribed({ price: 20, quantity: 1 }), 3)).toBe(57)
  })

  it('does not lose a point to floating point (10.1 × 3 is 30.3)', () => {
    expect(linePoints(cartItem({ price: 10.1, quantity: 3 }))).toBe(30)
    expect(linePoints(cartItem({ price: 0.1, quantity: 10 }))).toBe(1)
  })

  it('gives nothing for gifts, and sums the lines with multiplier 1 by default', () => {
    const items = [cartItem({ sku: '1', price: 5.5, quantity: 1 }), cartItem({ sku: '2', price: 7.9, quantity: 2 }), cartItem({ sku: '3', price: 0, isGift: true })]
    expect(loyaltyPoints(items)).toBe(5 + 15)
    expect(loyaltyPoints(items, { '2': 3 })).toBe(5 + 45)
  })

  it('reads the multiplier string and falls back to 1', () => {
    expect(parseMultiplier('sku-3')).toBe(3)
    expect(parseMultiplier('sku-1')).toBe(1)
    expect(parseMultiplier('sku-0')).toBe(1)
    expect(parseMultiplier('3')).toBe(1)
    expect(parseMultiplier(null)).toBe(1)
  })
})

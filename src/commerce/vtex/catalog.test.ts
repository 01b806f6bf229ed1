/** Price tiers from the Pricing API's fixed prices (req VTEX-10): which fixed prices are tiers, and a product's table. */
import { productTiers, tiersOf } from './catalog'

const NOW = Date.parse('2026-06-15T12:00:00Z')
const fixed = (minQuantity: number, value: number, extra: { tradePolicyId?: string; dateRange?: { from: string; to: string } } = {}) => ({ tradePolicyId: '1', value, minQuantity, ...extra })

describe('tiersOf', () => {
  it('makes each fixed price from a minimum above 1 a tier, ascending, rounded to the cent; the one from 1 unit is the sku’s price, not a tier', () => {
    expect(tiersOf([fixed(6, 8.1), fixed(1, 10), fixed(3, 9.004)], '1', NOW)).toEqual([
      { minQuantity: 3, value: 9 },
      { minQuantity: 6, value: 8.1 },
    ])
  })

  it('reads only the trade policy asked for', () => {
    expect(tiersOf([fixed(3, 9), fixed(2, 5, { tradePolicyId: '2' })], '2', NOW)).toEqual([{ minQuantity: 2, value: 5 }])
    expect(tiersOf([fixed(2, 5, { tradePolicyId: '2' })], '1', NOW)).toEqual([])
  })

  it('takes a scheduled fixed price only within its dates, and then in place of the unscheduled one of the same minimum', () => {
    const june = { from: '2026-06-01T00:00:00Z', to: '2026-07-01T00:00:00Z' }
    const may = { from: '2026-05-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }
    expect(tiersOf([fixed(3, 9), fixed(3, 9.5, { dateRange: june })], '1', NOW)).toEqual([{ minQuantity: 3, value: 9.5 }])
    expect(tiersOf([fixed(3, 9), fixed(3, 7, { dateRange: may })], '1', NOW)).toEqual([{ minQuantity: 3, value: 9 }])
    expect(tiersOf([fixed(4, 7, { dateRange: { from: '2026-06-15T12:00:00Z', to: '2026-06-15T13:00:00Z' } })], '1', NOW)).toEqual([{ minQuantity: 4, value: 7 }])
    expect(tiersOf([fixed(4, 7, { dateRange: { from: '2026-06-15T11:00:00Z', to: '2026-06-15T12:00:00Z' } })], '1', NOW)).toEqual([])
  })

  it('leaves out what is no tier: a minimum that is not a whole number above 1, a price of nothing or less', () => {
    expect(tiersOf([fixed(2.5, 9), fixed(0, 1), fixed(3, 0), fixed(4, -2)], '1', NOW)).toEqual([])
  })
})

describe('productTiers', () => {
  it('gives a product its skus’ tiers when every sku has the same ones, and none when they differ', () => {
    const table = [{ minQuantity: 3, value: 9 }]
    expect(productTiers([table])).toEqual(table)
    expect(productTiers([table, [{ minQuantity: 3, value: 9 }]])).toEqual(table)
    expect(productTiers([table, []])).toEqual([])
    expect(productTiers([table, [{ minQuantity: 3, value: 8 }]])).toEqual([])
    expect(productTiers([])).toEqual([])
  })
})

import { tierTable, tierValue, unitPriceFor } from './tiers'

const tiers = [
  { minQuantity: 6, value: 9 },
  { minQuantity: 3, value: 9.5 },
]

describe('price tiers', () => {
  it('charges the catalog price below the first tier and the highest tier reached above it', () => {
    expect(unitPriceFor(tiers, 10, false, 1)).toBe(10)
    expect(unitPriceFor(tiers, 10, false, 2)).toBe(10)
    expect(unitPriceFor(tiers, 10, false, 3)).toBe(9.5)
    expect(unitPriceFor(tiers, 10, false, 5)).toBe(9.5)
    expect(unitPriceFor(tiers, 10, false, 6)).toBe(9)
    expect(unitPriceFor(tiers, 10, false, 48)).toBe(9)
  })

  it('takes a further 5 % off when the flag is set, rounded to the cent', () => {
    expect(tierValue({ minQuantity: 3, value: 9.5 }, 10, true)).toBe(9.03)
    expect(unitPriceFor(tiers, 10, true, 6)).toBe(8.55)
    expect(unitPriceFor(tiers, 10, true, 1)).toBe(10)
  })

  it('never raises the price', () => {
    expect(unitPriceFor([{ minQuantity: 2, value: 12 }], 10, false, 2)).toBe(10)
  })

  it('lists the table in ascending quantity with the saving, without tiers that save nothing', () => {
    expect(tierTable([...tiers, { minQuantity: 12, value: 11 }], 10, false)).toEqual([
      { minQuantity: 3, value: 9.5, saving: 5 },
      { minQuantity: 6, value: 9, saving: 10 },
    ])
    expect(tierTable(tiers, 10, true).map((r) => r.value)).toEqual([9.03, 8.55])
  })

  it('is empty without tiers', () => {
    expect(tierTable([], 10, true)).toEqual([])
    expect(unitPriceFor([], 10, true, 10)).toBe(10)
  })
})

import { computeTotals, giftsFor, unitPriceCents, type PricingInput } from './pricing'

const tiered: PricingInput = {
  priceCents: 1999,
  priceTiers: [
    { minQuantity: 6, valueCents: 1799 },
    { minQuantity: 3, valueCents: 1899 },
  ],
  tierExtraDiscount: false,
}

describe('unitPriceCents', () => {
  it('uses the catalog price below the first tier', () => {
    expect(unitPriceCents(tiered, 1)).toBe(1999)
    expect(unitPriceCents(tiered, 2)).toBe(1999)
  })

  it('uses the highest tier reached, whatever the tier order', () => {
    expect(unitPriceCents(tiered, 3)).toBe(1899)
    expect(unitPriceCents(tiered, 5)).toBe(1899)
    expect(unitPriceCents(tiered, 6)).toBe(1799)
    expect(unitPriceCents(tiered, 40)).toBe(1799)
  })

  it('takes 5% more off tier prices with tierExtraDiscount, rounded to the cent', () => {
    const extra = { ...tiered, tierExtraDiscount: true }
    expect(unitPriceCents(extra, 1)).toBe(1999)
    expect(unitPriceCents(extra, 3)).toBe(1804) // 1899 × 0.95 = 1804.05
    expect(unitPriceCents(extra, 6)).toBe(1709) // 1799 × 0.95 = 1709.05
  })

  it('never lets a tier raise the price', () => {
    expect(unitPriceCents({ priceCents: 500, priceTiers: [{ minQuantity: 2, valueCents: 900 }], tierExtraDiscount: false }, 2)).toBe(500)
  })

  it('is the catalog price without tiers', () => {
    expect(unitPriceCents({ priceCents: 1234, priceTiers: [], tierExtraDiscount: true }, 10)).toBe(1234)
  })
})

describe('computeTotals', () => {
  it('sums price and list price times quantity and counts non-gift items', () => {
    const totals = computeTotals([
      { quantity: 2, priceCents: 1099, listPriceCents: 1299, isGift: false },
      { quantity: 3, priceCents: 333, listPriceCents: 333, isGift: false },
      { quantity: 1, priceCents: 0, listPriceCents: 0, isGift: true },
    ])
    expect(totals).toEqual({ totalCents: 3197, subTotalCents: 3597, totalItems: 5, totalUniqueItems: 2 })
  })

  it('is all zeros for an empty cart', () => {
    expect(computeTotals([])).toEqual({ totalCents: 0, subTotalCents: 0, totalItems: 0, totalUniqueItems: 0 })
  })

  it('does not drift on many small prices', () => {
    const lines = Array.from({ length: 10 }, () => ({ quantity: 1, priceCents: 10, listPriceCents: 10, isGift: false }))
    expect(computeTotals(lines).totalCents / 100).toBe(1)
  })
})

describe('giftsFor', () => {
  const rules = [{ thresholdCents: 4900, giftSku: '9000001', available: true }]

  it('adds the gift from the threshold on', () => {
    expect(giftsFor(4899, rules)).toEqual([])
    expect(giftsFor(4900, rules)).toEqual(['9000001'])
    expect(giftsFor(12000, rules)).toEqual(['9000001'])
  })

  it('skips unavailable gifts and never repeats a sku', () => {
    expect(giftsFor(5000, [{ ...rules[0]!, available: false }])).toEqual([])
    expect(giftsFor(9000, [...rules, { thresholdCents: 8000, giftSku: '9000001', available: true }])).toEqual(['9000001'])
  })
})

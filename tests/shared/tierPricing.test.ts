import { unitPriceCents } from '../../platform/cart/pricing'
import { unitPriceFor } from '../../src/domain/tiers'
import { tierCases } from './tierPricing.cases'

describe.each(tierCases)('tier pricing: $name', ({ priceCents, tiers, extra, quantity, unitCents }) => {
  it('the storefront shows it', () => {
    const euroTiers = tiers.map((t) => ({ minQuantity: t.minQuantity, value: t.valueCents / 100 }))
    expect(Math.round(unitPriceFor(euroTiers, priceCents / 100, extra, quantity) * 100)).toBe(unitCents)
  })

  it('the platform charges it', () => {
    expect(unitPriceCents({ priceCents, priceTiers: tiers, tierExtraDiscount: extra }, quantity)).toBe(unitCents)
  })
})

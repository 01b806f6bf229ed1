/**
 * Progressive discounts (req PRODUCT-03, PRODUCT-04, ENTITY-06): from `minQuantity` units
 * on, the unit price is the tier's `value`, 5 % less when the product has
 * the extra-reduction flag, rounded to the cent. The highest tier reached
 * applies and a tier never raises the price. The platform prices cart lines
 * by the same rule (platform/cart/pricing.ts), so the page shows what the
 * cart will charge.
 */
import type { PriceTier } from './types'

export const TIER_EXTRA_FACTOR = 0.95

const cents = (euros: number) => Math.round(euros * 100)

/** A tier's unit price as charged: with the extra 5 % when flagged, never above the catalog price. */
export function tierValue(tier: PriceTier, price: number, extraDiscount: boolean): number {
  const value = extraDiscount ? Math.round(cents(tier.value) * TIER_EXTRA_FACTOR) : cents(tier.value)
  return Math.min(value, cents(price)) / 100
}

export interface TierRow {
  minQuantity: number
  /** Unit price from minQuantity on. */
  value: number
  /** Saving against the catalog price, in whole percent. */
  saving: number
}

/** The tier table in ascending quantity, tiers that would save nothing left out. */
export function tierTable(tiers: PriceTier[], price: number, extraDiscount: boolean): TierRow[] {
  return [...tiers]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((tier) => {
      const value = tierValue(tier, price, extraDiscount)
      return { minQuantity: tier.minQuantity, value, saving: price > 0 ? Math.round((1 - value / price) * 100) : 0 }
    })
    .filter((row) => row.value < price)
}

/** Unit price of `quantity` units: the highest tier reached, else the catalog price. */
export function unitPriceFor(tiers: PriceTier[], price: number, extraDiscount: boolean, quantity: number): number {
  let reached: PriceTier | undefined
  for (const tier of tiers) if (tier.minQuantity <= quantity && (!reached || tier.minQuantity > reached.minQuantity)) reached = tier
  return reached ? tierValue(reached, price, extraDiscount) : price
}

/**
 * Cart arithmetic, in integer cents so that sums never drift. Pure functions:
 * the order-form service feeds them catalog data and stores nothing they compute.
 */

export interface PriceTierCents {
  minQuantity: number
  valueCents: number
}

/** What pricing needs to know about a SKU. */
export interface PricingInput {
  priceCents: number
  priceTiers: readonly PriceTierCents[]
  /** Extra 5% off tier prices (req PRODUCT-04). */
  tierExtraDiscount: boolean
}

export const TIER_EXTRA_DISCOUNT_FACTOR = 0.95

/**
 * Unit price for a line of `quantity` units: the value of the highest tier
 * whose minQuantity the quantity reaches (5% less with tierExtraDiscount,
 * rounded to the cent), else the catalog price. A tier never raises the price.
 */
export function unitPriceCents(input: PricingInput, quantity: number): number {
  let tier: PriceTierCents | undefined
  for (const candidate of input.priceTiers) {
    if (candidate.minQuantity <= quantity && (!tier || candidate.minQuantity > tier.minQuantity)) tier = candidate
  }
  if (!tier) return input.priceCents
  const value = input.tierExtraDiscount ? Math.round(tier.valueCents * TIER_EXTRA_DISCOUNT_FACTOR) : tier.valueCents
  return Math.min(value, input.priceCents)
}

export interface PricedLine {
  quantity: number
  priceCents: number
  listPriceCents: number
  isGift: boolean
}

export interface TotalsCents {
  /** Σ price × quantity over all lines (gifts cost 0). */
  totalCents: number
  /** Σ listPrice × quantity over all lines. */
  subTotalCents: number
  /** Σ quantity of non-gift lines. */
  totalItems: number
  /** Number of non-gift lines. */
  totalUniqueItems: number
}

export function computeTotals(lines: readonly PricedLine[]): TotalsCents {
  const totals: TotalsCents = { totalCents: 0, subTotalCents: 0, totalItems: 0, totalUniqueItems: 0 }
  for (const line of lines) {
    totals.totalCents += line.priceCents * line.quantity
    totals.subTotalCents += line.listPriceCents * line.quantity
    if (!line.isGift) {
      totals.totalItems += line.quantity
      totals.totalUniqueItems += 1
    }
  }
  return totals
}

export interface GiftRule {
  thresholdCents: number
  giftSku: string
  /** False when the gift is out of stock: no gift is promised then. */
  available: boolean
}

/**
 * SKUs to add as gifts for a cart whose non-gift total is `totalCents`: one per
 * rule reached, each SKU once, in rule order.
 */
export function giftsFor(totalCents: number, rules: readonly GiftRule[]): string[] {
  const skus: string[] = []
  for (const rule of rules) {
    if (rule.available && totalCents >= rule.thresholdCents && !skus.includes(rule.giftSku)) skus.push(rule.giftSku)
  }
  return skus
}

/** Minimum order value the checkout accepts (req CONST-01: 8,99 €). */
export const MINIMUM_ORDER_CENTS = 899

/**
 * The progressive-discount rule (req PRODUCT-03, PRODUCT-04) as cases, one table for the two
 * places that apply it: the storefront's price shown on the product page
 * (src/domain/tiers.ts, euros) and the platform's price charged on the cart
 * line (platform/cart/pricing.ts, cents). The platform stands in for an
 * external system and cannot import the storefront, so each keeps its own
 * code; these cases prove they agree.
 */
export interface TierCase {
  name: string
  priceCents: number
  tiers: { minQuantity: number; valueCents: number }[]
  extra: boolean
  quantity: number
  unitCents: number
}

const tiers = [
  { minQuantity: 6, valueCents: 1799 },
  { minQuantity: 3, valueCents: 1899 },
]

export const tierCases: TierCase[] = [
  { name: 'below the first tier', priceCents: 1999, tiers, extra: false, quantity: 1, unitCents: 1999 },
  { name: 'one short of the first tier', priceCents: 1999, tiers, extra: false, quantity: 2, unitCents: 1999 },
  { name: 'on the first tier', priceCents: 1999, tiers, extra: false, quantity: 3, unitCents: 1899 },
  { name: 'between tiers', priceCents: 1999, tiers, extra: false, quantity: 5, unitCents: 1899 },
  { name: 'the highest tier reached, tiers out of order', priceCents: 1999, tiers, extra: false, quantity: 6, unitCents: 1799 },
  { name: 'far past the last tier', priceCents: 1999, tiers, extra: false, quantity: 48, unitCents: 1799 },
  { name: 'extra 5 %, rounded to the cent (1899 × 0.95 = 1804.05)', priceCents: 1999, tiers, extra: true, quantity: 3, unitCents: 1804 },
  { name: 'extra 5 % on the higher tier (1799 × 0.95 = 1709.05)', priceCents: 1999, tiers, extra: true, quantity: 6, unitCents: 1709 },
  { name: 'extra 5 % rounding half up (950 × 0.95 = 902.5)', priceCents: 1000, tiers: [{ minQuantity: 3, valueCents: 950 }], extra: true, quantity: 3, unitCents: 903 },
  { name: 'the extra 5 % never applies below a tier', priceCents: 1999, tiers, extra: true, quantity: 1, unitCents: 1999 },
  { name: 'a tier never raises the price', priceCents: 500, tiers: [{ minQuantity: 2, valueCents: 900 }], extra: false, quantity: 2, unitCents: 500 },
  { name: 'an extra-discounted tier above the price still never raises it', priceCents: 500, tiers: [{ minQuantity: 2, valueCents: 900 }], extra: true, quantity: 2, unitCents: 500 },
  { name: 'no tiers', priceCents: 1234, tiers: [], extra: true, quantity: 10, unitCents: 1234 },
  { name: 'a cent-sized price', priceCents: 1, tiers: [{ minQuantity: 2, valueCents: 1 }], extra: true, quantity: 2, unitCents: 1 },
]

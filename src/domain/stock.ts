/** Spec §5: a variant is out of stock when its lowPrice is 0 or less. */
export function isOutOfStock(variant: { offers: { lowPrice: number } }): boolean {
  return variant.offers.lowPrice <= 0
}

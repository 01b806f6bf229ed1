/** A variant is out of stock when its lowPrice is 0 or less (req CART-22). */
export function isOutOfStock(variant: { offers: { lowPrice: number } }): boolean {
  return variant.offers.lowPrice <= 0
}

/** The variant a card or a product shows first: the first in stock, else the first. */
export function shownVariant<V extends { offers: { lowPrice: number } }>(product: { hasVariant: V[] }): V | undefined {
  return product.hasVariant.find((v) => !isOutOfStock(v)) ?? product.hasVariant[0]
}

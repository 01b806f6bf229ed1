/**
 * A line's discount as analytics and the minicart read it (req EVENT-04): the
 * amount listPrice − price to 2 decimals and the fraction 1 − price / listPrice.
 */
import type { CartItem } from './types'

const twoDecimals = (value: number) => Math.round(value * 100) / 100

export function discountOf(item: Pick<CartItem, 'price' | 'listPrice'>): { discount: number; percentage: number } {
  return {
    discount: twoDecimals(item.listPrice - item.price),
    percentage: item.listPrice > 0 ? 1 - item.price / item.listPrice : 0,
  }
}

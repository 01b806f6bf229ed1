/** Spec §4, §5: when 'Vai alla cassa' is disabled, and why. */
import { MIN_ORDER_VALUE } from '../../config/constants'
import type { CartItem } from '../../commerce/types'

export function isLineOutOfStock(item: CartItem): boolean {
  const variant = item.itemOffered.isVariantOf.hasVariant.find((v) => v.sku === item.itemOffered.sku)
  return variant !== undefined && variant.offers.lowPrice <= 0
}

export interface CheckoutState {
  disabled: boolean
  belowMinimum: boolean
  hasOutOfStock: boolean
}

export function checkoutState({ items, total, isValidating, cartId }: { items: CartItem[]; total: number; isValidating: boolean; cartId: string }): CheckoutState {
  const hasOutOfStock = items.some(isLineOutOfStock)
  const belowMinimum = total < MIN_ORDER_VALUE
  return {
    hasOutOfStock,
    belowMinimum,
    disabled: isValidating || hasOutOfStock || belowMinimum || cartId === '' || items.length === 0,
  }
}

/** When 'Vai alla cassa' is disabled, and why (req CHECKOUT-01, CHECKOUT-03). */
import { MIN_ORDER_VALUE } from '../config/constants'
import type { CartItem } from './types'

export function isLineOutOfStock(item: CartItem): boolean {
  const variant = item.itemOffered.isVariantOf.hasVariant.find((v) => v.sku === item.itemOffered.sku)
  return variant !== undefined && variant.offers.lowPrice <= 0
}

export interface CheckoutState {
  disabled: boolean
  belowMinimum: boolean
  hasOutOfStock: boolean
}

interface CheckoutInput {
  items: CartItem[]
  /** The payable total, Σ price × quantity. */
  total: number
  isValidating: boolean
  cartId: string
  /** The platform has not confirmed the cart yet (it could not be reached). */
  unsynced?: boolean
}

/**
 * Checkout is disabled while validating, with an out-of-stock line, under the
 * minimum order value, and whenever the platform holds no confirmed order
 * form for these lines (none yet, or the platform could not be reached).
 */
export function checkoutState({ items, total, isValidating, cartId, unsynced = false }: CheckoutInput): CheckoutState {
  const hasOutOfStock = items.some(isLineOutOfStock)
  const belowMinimum = total < MIN_ORDER_VALUE
  return {
    hasOutOfStock,
    belowMinimum,
    disabled: isValidating || hasOutOfStock || belowMinimum || unsynced || cartId === '' || items.length === 0,
  }
}

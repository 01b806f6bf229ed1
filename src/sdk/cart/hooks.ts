/** React access to the cart state: the cart, its totals, its validation status and its loyalty points. */
import { useEffect, useMemo } from 'react'
import { cartTotals, splitGifts } from '../../domain/cart'
import type { CartItem } from '../../domain/types'
import { useSdkState } from '../core/useSdkState'
import { loyaltyPoints } from '../../domain/loyalty'
import { loadMultipliers, loyaltyMultipliers } from './loyalty'
import { cartState } from './state'
import { cartStatus } from './status'

export function useCart() {
  const cart = useSdkState(cartState)
  const status = useSdkState(cartStatus)
  return useMemo(() => {
    const { lines, gifts } = splitGifts(cart.items)
    return { cart, lines, gifts, ...cartTotals(cart.items), ...status, isEmpty: cart.items.length === 0 }
  }, [cart, status])
}

/** The cart's loyalty points; the multipliers are asked once per sku while the cart has items. */
export function useLoyaltyPoints(items: CartItem[]): number {
  const multipliers = useSdkState(loyaltyMultipliers)
  const skus = items.map((item) => item.itemOffered.sku).join(',')
  useEffect(() => {
    if (skus) void loadMultipliers(skus.split(','))
  }, [skus])
  return useMemo(() => loyaltyPoints(items, multipliers), [items, multipliers])
}

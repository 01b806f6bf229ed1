/** React access to the cart store: the cart, its totals and its validation status. */
import { useMemo } from 'react'
import { cartTotals, splitGifts } from '../../commerce/cart'
import { useStore } from '../useStore'
import { cartStore } from './store'
import { cartStatus } from './validate'

export function useCart() {
  const cart = useStore(cartStore)
  const status = useStore(cartStatus)
  return useMemo(() => {
    const { lines, gifts } = splitGifts(cart.items)
    return { cart, lines, gifts, ...cartTotals(cart.items), ...status, isEmpty: cart.items.length === 0 }
  }, [cart, status])
}

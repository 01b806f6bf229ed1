/**
 * Minicart line operations (spec §4).
 *
 * Quantity change: the cart shows validating, the platform's line is updated,
 * then the local quantity. When the platform refuses (the line is gone, the
 * quantity is out of bounds) the cart is reloaded from the platform and
 * 'Questo prodotto non è più presente nel carrello.' shows for 2 s. When the
 * order form itself is stale, or the platform cannot be reached, the change is
 * kept locally: validation then opens a fresh order form with the lines, or
 * reconciles once the platform is back. Nothing the shopper asked for is lost.
 *
 * Remove: the platform first, then locally. A failure only clears the line's
 * loading state, except that a line or order form the platform no longer has
 * is removed locally too, and so is one the platform removed with an answer
 * that could not be read (validation then brings the platform's cart).
 *
 * A cart with no order form yet changes locally and lets validation create it.
 */
import { sameLineKey } from '../../domain/cart'
import { itemOfLine, trackGa4, trackQuantityChange } from '../analytics/ga4'
import type { CartItem } from '../../domain/types'
import { MESSAGE_DISPLAY_MS, MIN_QUANTITY } from '../../config/constants'
import { texts } from '../../config/texts'
import { toastStore } from '../ui/toasts'
import { type CartFetch, getCart, isAcceptedUnread, isStale, isUnreachable, newItemOf, postCart } from './calls'
import { cartStore } from './state'
import { trackValidating } from './validate'

/** The quantity a stepper may ask for: at least 1, at most the line's maximum. */
export function clampQuantity(item: CartItem, quantity: number): number {
  const max = item.itemOffered.productSpecifications.maxQuantity
  const capped = max > 0 ? Math.min(quantity, max) : quantity
  return Math.max(MIN_QUANTITY, Math.floor(capped))
}

/** The local line for `item`: the same id, or the same sku, seller and attachments once validation re-priced it. */
function localLine(item: CartItem): CartItem | undefined {
  const items = cartStore.read().items
  return items.find((line) => line.id === item.id) ?? items.find((line) => !line.isGift && sameLineKey(line, item))
}

function setLocalQuantity(item: CartItem, quantity: number): void {
  const line = localLine(item)
  if (!line) return
  cartStore.updateItemQuantity(line.id, quantity)
  trackQuantityChange(line, line.quantity, quantity)
}

export async function changeQuantity(item: CartItem, requested: number, doFetch: CartFetch = fetch): Promise<void> {
  const quantity = clampQuantity(item, requested)
  const cart = cartStore.read()
  if (!cart.id) {
    setLocalQuantity(item, quantity)
    return
  }
  await trackValidating(async () => {
    try {
      await postCart('checkout/updateCartItem', { orderFormId: cart.id, newItem: { ...newItemOf(item), quantity } }, doFetch)
      setLocalQuantity(item, quantity)
    } catch (error) {
      if (isUnreachable(error)) {
        setLocalQuantity(item, quantity)
        return
      }
      try {
        cartStore.set(await getCart(cart.id, doFetch))
        toastStore.push({ text: texts.cart.itemGone, status: 'error', durationMs: MESSAGE_DISPLAY_MS })
      } catch (reloadError) {
        if (isStale(reloadError) || isUnreachable(reloadError)) setLocalQuantity(item, quantity)
      }
    }
  })
}

export async function removeLine(item: CartItem, doFetch: CartFetch = fetch): Promise<void> {
  const cart = cartStore.read()
  if (cart.id) {
    try {
      await postCart('checkout/removeCartItem', { orderFormId: cart.id, newItem: newItemOf(item) }, doFetch)
    } catch (error) {
      if (!isStale(error) && !isAcceptedUnread(error)) throw error
    }
  }
  const line = localLine(item)
  if (!line) return
  cartStore.removeItem(line.id)
  trackGa4('remove_from_cart', [itemOfLine(line)])
}

/**
 * The minicart's line changes (req CART-18, CART-20), on top of the cart state; the buy button's add is in
 * operations.ts, which these share, so the product page's first load carries the add alone.
 *
 * Quantity change: the cart shows validating, the platform's
 * line is updated, then the local quantity. On a failure the cart is read
 * again from the platform, which is then the truth:
 * - the line is gone: 'Questo prodotto non è più presente nel carrello.'
 *   shows for 2 s (and any other line the platform's cart no longer holds is
 *   named, req CART-29);
 * - the line is there with another quantity (a refused quantity): a message
 *   says the change was not made, as the spec's would be untrue;
 * - the order form is stale (gone, someone else's): the change is kept
 *   locally and validation opens a fresh order form with the lines, so
 *   nothing failed from the shopper's side and nothing is shown; a placed
 *   one: validation opens an empty one and names the order (req CART-23);
 * - the platform cannot be reached for the reading either: the change is
 *   kept locally, for validation to send once the platform answers, and a
 *   message says so.
 * A cart the platform has not confirmed (unsynced) changes locally only:
 * the platform's order form is behind it, and reading it back would drop
 * what the shopper did meanwhile.
 *
 * Remove: the platform first, then locally. A failure only
 * clears the line's loading state, except that a line or order form the
 * platform no longer has is removed locally too, and so is one the platform
 * removed with an answer that could not be read (validation then brings the
 * platform's cart).
 *
 * A quantity change or removal the platform made takes its answer as the
 * cart when the cart held nothing else the platform had not seen, as an add
 * does; otherwise the change is made locally and validation sends the rest.
 *
 * A cart with no order form yet changes locally and lets validation create it.
 */
import { droppedLines, lineMaximum, sameLineKey } from '../../domain/cart'
import { itemOfLine, trackGa4, trackQuantityChange } from '../analytics/ga4'
import type { Cart, CartItem } from '../../domain/types'
import { MESSAGE_DISPLAY_MS, MIN_QUANTITY } from '../../config/constants'
import { cartTexts } from '../../config/texts/cart'
import { toastState } from '../shell/toasts'
import { announceDroppedLines, announceNewMessages } from './announce'
import { type CartFetch, getCart, isAcceptedUnread, isStale, newItemOf, postCart } from './calls'
import { trackValidating } from './inFlight'
import { addsWaiting, sameLine } from './operations'
import { cartAgrees, cartState, confirmCart } from './state'
import { cartStatus } from './status'

/** The quantity a stepper may ask for: at least 1, at most the line's maximum (none when the platform gives none). */
export function clampQuantity(item: CartItem, quantity: number): number {
  return Math.max(MIN_QUANTITY, Math.floor(Math.min(quantity, lineMaximum(item))))
}

function setLocalQuantity(item: CartItem, quantity: number): void {
  const line = sameLine(cartState.read().items, item)
  if (!line) return
  cartState.updateItemQuantity(line.id, quantity)
  trackQuantityChange(line, line.quantity, quantity)
}

export async function changeQuantity(item: CartItem, requested: number, doFetch: CartFetch = fetch): Promise<void> {
  const quantity = clampQuantity(item, requested)
  const cart = cartState.read()
  if (!cart.id || cartStatus.read().unsynced) {
    setLocalQuantity(item, quantity)
    return
  }
  await trackValidating(async () => {
    try {
      const answer = await postCart('checkout/updateCartItem', { orderFormId: cart.id, newItem: { ...newItemOf(item), quantity } }, doFetch)
      const line = sameLine(cart.items, item)
      if (!takeAnswer(answer, cart, item)) setLocalQuantity(item, quantity)
      else if (line) trackQuantityChange(line, line.quantity, quantity)
    } catch (error) {
      // The platform took the change and only its answer could not be read: validation brings the platform's cart.
      if (isAcceptedUnread(error)) setLocalQuantity(item, quantity)
      else await reloadAfterFailedChange(cart, item, quantity, doFetch)
    }
  })
}

const tell = (text: string, status: 'warning' | 'error') => toastState.push({ text, status, durationMs: MESSAGE_DISPLAY_MS })

/** req CART-18: the platform's cart takes the place of the local one, and the shopper is told what became of the change. */
async function reloadAfterFailedChange(cart: Cart, item: CartItem, quantity: number, doFetch: CartFetch): Promise<void> {
  let platformCart: Cart
  try {
    platformCart = await getCart(cart.id, doFetch)
  } catch (error) {
    setLocalQuantity(item, quantity)
    if (!isStale(error)) tell(cartTexts.changeKept, 'error')
    return
  }
  const local = cartState.read()
  // A line added on this device while the change was on its way may not have reached the platform yet: its own
  // validation is still in flight and will send it, so the reload keeps it rather than lose it.
  const addedMeanwhile = local.items.filter((added) => !sameLine(cart.items, added) && !sameLine(platformCart.items, added))
  cartState.set({ ...platformCart, items: [...platformCart.items, ...addedMeanwhile].map((kept, index) => ({ ...kept, index })) })
  const line = sameLine(platformCart.items, item)
  announceDroppedLines(
    droppedLines(local.items, platformCart.items).filter((gone) => !sameLineKey(gone, item) && !addedMeanwhile.includes(gone)),
    'elsewhere',
  )
  // An answer lost on the way: the platform made the change after all.
  if (line?.quantity === quantity) return
  tell(line ? cartTexts.quantityNotChanged : cartTexts.itemGone, 'error')
}

export async function removeLine(item: CartItem, doFetch: CartFetch = fetch): Promise<void> {
  const cart = cartState.read()
  if (cart.id) {
    try {
      const answer = await postCart('checkout/removeCartItem', { orderFormId: cart.id, newItem: newItemOf(item) }, doFetch)
      const line = sameLine(cart.items, item)
      if (takeAnswer(answer, cart, item)) {
        if (line) trackGa4('remove_from_cart', [itemOfLine(line)])
        return
      }
    } catch (error) {
      if (!isStale(error) && !isAcceptedUnread(error)) throw error
    }
  }
  const line = sameLine(cartState.read().items, item)
  if (!line) return
  cartState.removeItem(line.id)
  trackGa4('remove_from_cart', [itemOfLine(line)])
}

/**
 * The platform's answer to a change of `item` becomes the cart when `before`, the cart the change started
 * from, agreed with the platform and is still the cart: then the answer holds everything the shopper has.
 * Answers whether it did; otherwise the caller makes the change locally, for validation to send.
 */
function takeAnswer(answer: Cart, before: Cart, item: CartItem): boolean {
  if (addsWaiting() || cartState.read() !== before || !cartAgrees(before)) return false
  const adopted = { ...answer, shouldSplitItem: before.shouldSplitItem }
  announceNewMessages(before.messages, answer.messages)
  announceDroppedLines(droppedLines(before.items, answer.items).filter((gone) => !sameLineKey(gone, item)), 'elsewhere')
  cartState.set(adopted)
  confirmCart(adopted)
  return true
}

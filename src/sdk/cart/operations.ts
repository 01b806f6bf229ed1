/**
 * The shopper's cart line operations (req CART-05, CART-06, CART-18, CART-20), on top of the cart state.
 *
 * Add (the buy button): locally only, validation then syncs the platform.
 * Adding a line already in the cart sums its quantity and counts as an
 * update, a new line is an add. Replace swaps every line for a list.
 *
 * Quantity change (the minicart): the cart shows validating, the platform's
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
 * Remove (the minicart): the platform first, then locally. A failure only
 * clears the line's loading state, except that a line or order form the
 * platform no longer has is removed locally too, and so is one the platform
 * removed with an answer that could not be read (validation then brings the
 * platform's cart).
 *
 * A cart with no order form yet changes locally and lets validation create it.
 */
import { droppedLines, sameLineKey } from '../../domain/cart'
import { itemOfLine, trackGa4, trackQuantityChange } from '../analytics/ga4'
import type { Cart, CartItem } from '../../domain/types'
import { MESSAGE_DISPLAY_MS, MIN_QUANTITY } from '../../config/constants'
import { cartTexts } from '../../config/texts/cart'
import { toastState } from '../shell/toasts'
import { announceDroppedLines } from './announce'
import { type CartFetch, getCart, isAcceptedUnread, isStale, newItemOf, postCart } from './calls'
import { trackValidating } from './inFlight'
import { cartState } from './state'
import { cartStatus } from './status'

export type CartChange = 'add' | 'update'

interface CartStateLike {
  read(): Cart
  set(cart: Cart): void
  addItem(item: CartItem): void
}

/**
 * The line of `items` that is `item`: the same id or, since a line the
 * platform re-priced (a price tier reached) gets a new id, a line that is not
 * a gift with the same sku, seller and attachments.
 */
function sameLine(items: CartItem[], item: CartItem): CartItem | undefined {
  return items.find((line) => line.id === item.id) ?? items.find((line) => !line.isGift && sameLineKey(line, item))
}

export function addToCart(item: CartItem, state: CartStateLike = cartState): CartChange {
  const items = state.read().items
  const existing = sameLine(items, item)
  if (!existing) {
    state.addItem({ ...item, index: items.length })
    return 'add'
  }
  state.addItem({ ...existing, quantity: item.quantity })
  return 'update'
}

/** Replaces every line with `items`, indexed by position; the order form id stays. */
export function replaceCart(items: CartItem[], state: Omit<CartStateLike, 'addItem'> = cartState): Cart {
  const next = { ...state.read(), items: items.map((item, index) => ({ ...item, index })) }
  state.set(next)
  return next
}

/** The quantity a stepper may ask for: at least 1, at most the line's maximum. */
export function clampQuantity(item: CartItem, quantity: number): number {
  const max = item.itemOffered.productSpecifications.maxQuantity
  const capped = max > 0 ? Math.min(quantity, max) : quantity
  return Math.max(MIN_QUANTITY, Math.floor(capped))
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
      await postCart('checkout/updateCartItem', { orderFormId: cart.id, newItem: { ...newItemOf(item), quantity } }, doFetch)
      setLocalQuantity(item, quantity)
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
      await postCart('checkout/removeCartItem', { orderFormId: cart.id, newItem: newItemOf(item) }, doFetch)
    } catch (error) {
      if (!isStale(error) && !isAcceptedUnread(error)) throw error
    }
  }
  const line = sameLine(cartState.read().items, item)
  if (!line) return
  cartState.removeItem(line.id)
  trackGa4('remove_from_cart', [itemOfLine(line)])
}

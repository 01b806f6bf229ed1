/**
 * The buy button's add to the cart (req CART-05, CART-06), on top of the cart state; the minicart's
 * quantity changes and removals are in lineChanges.ts. Each is one call to the platform for the change itself, and the platform's
 * answer becomes the cart; validation (validate.ts) is the reconciler for a
 * cart the platform has not confirmed.
 *
 * Add (the buy button): the line shows at once, and `checkout/addCartItem`
 * sends that line alone; the platform's cart it answers, with whatever another
 * tab or device added meanwhile, becomes the cart (any add still on its way
 * shown on top). Adding a line already in the cart sums its quantity and
 * counts as an update, a new line is an add. The add goes through validation
 * instead, kept in the browser until validation sends it, when the cart holds
 * something the platform has not seen (no order form yet, unsynced, a change
 * not pushed yet), when the cart changed while the add was on its way, when
 * the order form is stale (validation opens a fresh one, or names the order
 * a placed one became) and when the platform cannot be reached. A line the
 * platform refuses (an sku it does not sell in that quantity) is taken back
 * out and the shopper is told. Replace swaps every line for a list.
 *
 * A cart with no order form yet changes locally and lets validation create it.
 */
import { droppedLines, sameLineKey } from '../../domain/cart'
import type { Cart, CartItem } from '../../domain/types'
import { MESSAGE_DISPLAY_MS } from '../../config/constants'
import { productTexts } from '../../config/texts/product'
import { toastState } from '../shell/toasts'
import { announceDroppedLines, announceNewMessages } from './announce'
import { type CartFetch, isRefused, newItemOf, postCart } from './calls'
import { addsInFlight, trackValidating } from './inFlight'
import { cartAgrees, cartState, confirmCart, markCartEdited, revalidateCart } from './state'
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
export function sameLine(items: CartItem[], item: CartItem): CartItem | undefined {
  return items.find((line) => line.id === item.id) ?? items.find((line) => !line.isGift && sameLineKey(line, item))
}

/** `cart` with `item` added: summed into the same line, or appended with its position as index. */
function withLine(cart: Cart, item: CartItem): { cart: Cart; change: CartChange } {
  const existing = sameLine(cart.items, item)
  if (!existing) return { cart: { ...cart, items: [...cart.items, { ...item, index: cart.items.length }] }, change: 'add' }
  return { cart: { ...cart, items: cart.items.map((line) => (line === existing ? { ...line, quantity: line.quantity + item.quantity } : line)) }, change: 'update' }
}

/** `cart` without the units of `item` an add put there: the line goes when none are left. */
function withoutLine(cart: Cart, item: CartItem): Cart {
  const existing = sameLine(cart.items, item)
  if (!existing) return cart
  const left = existing.quantity - item.quantity
  const items = left > 0 ? cart.items.map((line) => (line === existing ? { ...line, quantity: left } : line)) : cart.items.filter((line) => line !== existing)
  return { ...cart, items: items.map((line, index) => ({ ...line, index })) }
}

/** Adds `item` to the cart in this browser only, as a change of the shopper's that validation sends. */
export function addLocally(item: CartItem, state: CartStateLike = cartState): CartChange {
  const items = state.read().items
  const existing = sameLine(items, item)
  if (!existing) {
    state.addItem({ ...item, index: items.length })
    return 'add'
  }
  state.addItem({ ...existing, quantity: item.quantity })
  return 'update'
}

/** The adds on their way to the platform, oldest first; their lines are shown already. */
const waiting: CartItem[] = []
/** Whether an add is on its way: a line change's answer then lacks it, and is not the cart. */
export const addsWaiting = () => waiting.length > 0
/** The cart as this browser's adds last set it: an add goes to, and its answer comes from, the platform only while the state is still this one. */
let shownByAdds: Cart | null = null
let addQueue: Promise<unknown> = Promise.resolve()

/**
 * The buy button's add: the line shows at once and the platform is asked to add it alone; its answer is
 * the cart. Adds go one after another, so an older answer never replaces a newer one.
 */
export async function addToCart(item: CartItem, doFetch?: CartFetch): Promise<CartChange> {
  const cart = cartState.read()
  const direct = Boolean(cart.id) && !cartStatus.read().unsynced && (waiting.length > 0 ? cart === shownByAdds : cartAgrees(cart))
  if (!direct) return addLocally(item)
  const { cart: shown, change } = withLine(cart, item)
  waiting.push(item)
  addsInFlight.start()
  cartState.set(shown)
  shownByAdds = shown
  const sent = addQueue.then(() => trackValidating(() => sendAdd(item, doFetch)))
  addQueue = sent.catch(() => undefined)
  await addQueue
  return change
}

/** Sends one add and settles it: whatever happens, it leaves the adds on their way, so validation goes on. */
async function sendAdd(item: CartItem, doFetch: CartFetch | undefined): Promise<void> {
  const before = cartState.read()
  let then: () => void = keepForValidation
  try {
    if (!before.id || cartStatus.read().unsynced || before !== shownByAdds) return
    const answer = await postCart('checkout/addCartItem', { orderFormId: before.id, newItem: { ...newItemOf(item), quantity: item.quantity } }, doFetch)
    then = () => (cartState.read() === shownByAdds ? adopt(answer, before) : keepForValidation())
  } catch (error) {
    if (isRefused(error)) then = () => takeBack(item)
  } finally {
    waiting.splice(waiting.indexOf(item), 1)
    try {
      then()
    } finally {
      addsInFlight.end()
    }
  }
}

/**
 * The platform's answer to an add becomes the cart, with the adds still on their way on top. The shopper
 * is told its new messages and which lines it no longer holds (another tab or device took them out).
 */
function adopt(answer: Cart, before: Cart): void {
  const adopted = { ...answer, shouldSplitItem: before.shouldSplitItem }
  const shown = waiting.reduce((cart, line) => withLine(cart, line).cart, adopted)
  announceNewMessages(before.messages, answer.messages)
  announceDroppedLines(droppedLines(before.items, shown.items), 'elsewhere')
  // The cart first, then the lines it agreed on: kept with it, they never describe a cart older than the one stored.
  cartState.set(shown)
  confirmCart(adopted)
  shownByAdds = shown
}

/** The cart as shown holds lines the platform has not taken: a change of the shopper's, which validation sends. */
function keepForValidation(): void {
  markCartEdited(cartState.read())
  revalidateCart()
  shownByAdds = null
}

/** The platform refused the line: its units leave the cart again, and the shopper is told. */
function takeBack(item: CartItem): void {
  cartState.set(withoutLine(cartState.read(), item))
  shownByAdds = null
  toastState.push({ text: productTexts.addRefused, status: 'error', durationMs: MESSAGE_DISPLAY_MS })
}

/** Replaces every line with `items`, indexed by position; the order form id stays. */
export function replaceCart(items: CartItem[], state: Omit<CartStateLike, 'addItem'> = cartState): Cart {
  const next = { ...state.read(), items: items.map((item, index) => ({ ...item, index })) }
  state.set(next)
  return next
}

/**
 * The cart operations of spec §4 on top of the sdk store: adding an id already
 * in the cart sums its quantity and counts as an update, a new id is an add;
 * replace swaps every line for a list. A line the platform re-priced (a price
 * tier reached) has a new id but is still the same line, so an add of the
 * same sku, seller and attachments sums into it instead of showing it twice.
 */
import { sameLineKey } from '../../domain/cart'
import type { Cart, CartItem } from '../../domain/types'
import { cartStore } from './state'

export type CartChange = 'add' | 'update'

interface Store {
  read(): Cart
  set(cart: Cart): void
  addItem(item: CartItem): void
}

export function addToCart(item: CartItem, store: Store = cartStore): CartChange {
  const items = store.read().items
  const existing = items.find((line) => line.id === item.id) ?? items.find((line) => !line.isGift && sameLineKey(line, item))
  if (!existing) {
    store.addItem({ ...item, index: items.length })
    return 'add'
  }
  store.addItem({ ...existing, quantity: item.quantity })
  return 'update'
}

/** Replaces every line with `items`, indexed by position; the order form id stays. */
export function replaceCart(items: CartItem[], store: Omit<Store, 'addItem'> = cartStore): Cart {
  const next = { ...store.read(), items: items.map((item, index) => ({ ...item, index })) }
  store.set(next)
  return next
}

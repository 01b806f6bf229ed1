/**
 * The cart store's validation callback (spec §4). It asks the Functions to
 * validate the browser's cart, retrying up to 3 times; a null answer keeps the
 * local cart as it is, a cart that differs replaces it. While any validation
 * runs, `cartStatus` says so, and a validation that gave up flags the cart as
 * unsynced so the shopper can be told; the local lines are never dropped.
 */
import { createBaseStore } from '@faststore/sdk'
import { isSameCart } from '../../commerce/cart'
import type { Cart, CartItem, CartMessage } from '../../commerce/types'
import { request as defaultRequest } from '../graphql'
import { withRetries } from '../retry'

export interface CartStatus {
  isValidating: boolean
  /** The last validation gave up: the cart lives only in this browser until the next one succeeds. */
  unsynced: boolean
}

export const cartStatus = createBaseStore<CartStatus>({ isValidating: false, unsynced: false })

interface ValidateCartData {
  validateCart: null | {
    order: { orderNumber: string; acceptedOffer: CartItem[]; shouldSplitItem?: boolean }
    messages: CartMessage[]
  }
}

export function toOffer(item: CartItem) {
  return {
    price: item.price,
    listPrice: item.listPrice,
    quantity: item.quantity,
    seller: item.seller,
    isGift: item.isGift,
    itemOffered: {
      sku: item.itemOffered.sku,
      name: item.itemOffered.name,
      image: item.itemOffered.image,
      additionalProperty: item.itemOffered.additionalProperty,
    },
  }
}

type StatusStore = typeof cartStatus

const pendingByStatus = new WeakMap<StatusStore, number>()

/**
 * Runs `task` as cart work in flight: `isValidating` is true from its start
 * until every task tracked on the same status store has settled, so a
 * quantity change finishing first cannot clear the flag of a running validation.
 */
export async function trackValidating<T>(task: () => Promise<T>, status: StatusStore = cartStatus): Promise<T> {
  const settle = (delta: number) => {
    const pending = (pendingByStatus.get(status) ?? 0) + delta
    pendingByStatus.set(status, pending)
    status.set({ ...status.read(), isValidating: pending > 0 })
  }
  settle(1)
  try {
    return await task()
  } finally {
    settle(-1)
  }
}

export function createCartValidator(
  request: typeof defaultRequest = defaultRequest,
  status = cartStatus,
  retryDelayMs = 300,
) {
  return function validate(cart: Cart): Promise<Cart | null> {
    return trackValidating(async () => {
      let failed = false
      const data = await withRetries(
        () =>
          request<ValidateCartData>('ValidateCartMutation', {
            cart: { order: { orderNumber: cart.id, acceptedOffer: cart.items.map(toOffer) } },
            shouldSplitItem: cart.shouldSplitItem,
          }),
        { delayMs: retryDelayMs, onFailure: () => (failed = true) },
      )
      status.set({ ...status.read(), unsynced: failed })
      const validated = data?.validateCart
      if (!validated) return null
      const next: Cart = {
        id: validated.order.orderNumber,
        items: validated.order.acceptedOffer,
        messages: validated.messages,
        shouldSplitItem: validated.order.shouldSplitItem ?? cart.shouldSplitItem,
      }
      return isSameCart(next, cart) ? null : next
    }, status)
  }
}

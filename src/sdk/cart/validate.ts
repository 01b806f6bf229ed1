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

export function createCartValidator(
  request: typeof defaultRequest = defaultRequest,
  status = cartStatus,
  retryDelayMs = 300,
) {
  let pending = 0
  const update = (patch: Partial<CartStatus>) => status.set({ ...status.read(), ...patch })

  return async function validate(cart: Cart): Promise<Cart | null> {
    pending++
    update({ isValidating: true })
    let failed = false
    try {
      const data = await withRetries(
        () =>
          request<ValidateCartData>('ValidateCartMutation', {
            cart: { order: { orderNumber: cart.id, acceptedOffer: cart.items.map(toOffer) } },
            shouldSplitItem: cart.shouldSplitItem,
          }),
        { delayMs: retryDelayMs, onFailure: () => (failed = true) },
      )
      const validated = data?.validateCart
      if (!validated) return null
      const next: Cart = {
        id: validated.order.orderNumber,
        items: validated.order.acceptedOffer,
        messages: validated.messages,
        shouldSplitItem: validated.order.shouldSplitItem ?? cart.shouldSplitItem,
      }
      return isSameCart(next, cart) ? null : next
    } finally {
      pending--
      update({ isValidating: pending > 0, unsynced: failed })
    }
  }
}

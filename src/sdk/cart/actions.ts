/**
 * Minicart line operations (spec §4). A quantity change and a removal go to
 * the platform first, then to the local cart, so the minicart never shows a
 * state the platform refused. A cart with no order form yet changes locally
 * and lets validation create it.
 */
import { MESSAGE_DISPLAY_MS } from '../../config/constants'
import { texts } from '../../config/texts'
import type { Cart, CartItem } from '../../commerce/types'
import { cartStore } from './store'
import { trackValidating } from './validate'
import { toastStore } from '../ui/toasts'

function newItemOf(item: CartItem, quantity?: number) {
  return {
    quantity,
    seller: item.seller,
    itemOffered: { sku: item.itemOffered.sku, additionalProperty: item.itemOffered.additionalProperty },
  }
}

async function post(path: string, body: unknown, doFetch: typeof fetch): Promise<Cart> {
  const response = await doFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return (await response.json()) as Cart
}

export async function changeQuantity(item: CartItem, quantity: number, doFetch: typeof fetch = fetch): Promise<void> {
  const cart = cartStore.read()
  if (!cart.id) {
    cartStore.updateItemQuantity(item.id, quantity)
    return
  }
  await trackValidating(async () => {
    try {
      await post('/api/checkout/updateCartItem', { orderFormId: cart.id, newItem: newItemOf(item, quantity) }, doFetch)
      if (cartStore.getItem(item.id)) cartStore.updateItemQuantity(item.id, quantity)
    } catch {
      await reloadCart(cart.id, doFetch)
      toastStore.push({ text: texts.cart.itemGone, status: 'error', durationMs: MESSAGE_DISPLAY_MS })
    }
  })
}

/** Removes on the platform, then locally. A failure leaves the line in place; the caller clears its loading state. */
export async function removeLine(item: CartItem, doFetch: typeof fetch = fetch): Promise<void> {
  const cart = cartStore.read()
  if (cart.id) {
    await post('/api/checkout/removeCartItem', { orderFormId: cart.id, newItem: newItemOf(item) }, doFetch)
  }
  cartStore.removeItem(item.id)
}

async function reloadCart(orderFormId: string, doFetch: typeof fetch): Promise<void> {
  try {
    const response = await doFetch(`/api/checkout/getCartInformation?orderFormId=${encodeURIComponent(orderFormId)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    })
    if (response.ok) cartStore.set((await response.json()) as Cart)
  } catch {
    /* the next validation reconciles */
  }
}

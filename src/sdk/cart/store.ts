/**
 * The cart: one `@faststore/sdk` cart store per browser, persisted in
 * IndexedDB under `main::store::cart`, resynced on focus and visibility, and
 * validated against the platform after every change. An unsynced cart keeps
 * asking the platform until it answers.
 */
import { createCartStore } from '@faststore/sdk'
import { STORE_NAMESPACE } from '../../config/constants'
import type { Cart } from '../../domain/types'
import { watchUnsynced } from './resync'
import { cartStatus, createCartValidator } from './validate'

export const emptyCart: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }

export const CART_STORE_KEY = `${STORE_NAMESPACE}::store::cart`

export const cartStore = createCartStore<Cart>(emptyCart, createCartValidator(), CART_STORE_KEY)

/** Runs validation again on the cart as it is. */
export function revalidateCart(): void {
  cartStore.set({ ...cartStore.read() })
}

if (typeof window !== 'undefined') watchUnsynced(cartStatus, revalidateCart)

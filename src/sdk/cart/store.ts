/**
 * The cart: one `@faststore/sdk` cart store per browser, persisted in
 * IndexedDB under the `main` namespace, resynced on focus and visibility, and
 * validated against the platform after every change.
 */
import { createCartStore } from '@faststore/sdk'
import { STORE_NAMESPACE } from '../../config/constants'
import type { Cart } from '../../commerce/types'
import { createCartValidator } from './validate'

export const emptyCart: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }

export const cartStore = createCartStore<Cart>(emptyCart, createCartValidator(), `${STORE_NAMESPACE}::store::cart`)

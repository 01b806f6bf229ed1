/**
 * What the store's /logout clears before the provider logout: the person, the
 * saved-cart run mark, the wishlist cache, is_vet and the bk_id cache; the
 * cart becomes an empty guest cart (the platform's copy stays the customer's
 * saved cart, found again at the next login).
 */
import { BKID_CACHE_KEY, SHARED_CART_CHECK_KEY, WISHLIST_CACHE_KEY } from '../../config/constants'
import type { Session } from '../../config/session'
import type { Cart } from '../../domain/types'
import { CART_SYNCED_KEY, cartState } from '../cart/state'
import { IS_VET_KEY } from '../session/isVet'
import { sessionState } from '../session/state'
import { browserStorage, stored, type StorageLike } from '../core/storage'
import { emptySharedCart } from './sharedCart'

interface Writable<T> {
  read(): T
  set(value: T): void
}

export function clearShopperState({
  session,
  cart,
  local,
  sessionStorage,
}: {
  session: Writable<Session>
  cart: Writable<Cart>
  local: StorageLike | null
  sessionStorage: StorageLike | null
}): void {
  session.set({ ...session.read(), person: null, postalCode: null })
  cart.set(emptySharedCart)
  for (const key of [SHARED_CART_CHECK_KEY, IS_VET_KEY, WISHLIST_CACHE_KEY]) stored(sessionStorage).remove(key)
  for (const key of [BKID_CACHE_KEY, WISHLIST_CACHE_KEY, CART_SYNCED_KEY]) stored(local).remove(key)
}

/** Clears this browser's shopper state in the app's own state and storage. */
export function forgetShopper(): void {
  clearShopperState({ session: sessionState, cart: cartState, local: browserStorage('localStorage'), sessionStorage: browserStorage('sessionStorage') })
}

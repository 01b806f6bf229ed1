/**
 * Boots the browser's state once, as a chunk loaded after the page has
 * hydrated (loadBoot.ts): the session's persistence and validation (importing
 * its store starts them), the cart's persistence, then the shared-cart
 * restore over the app's cart and session stores. The order
 * matters: on focus the cart is read back from storage before the restore's
 * recheck writes it, so what another tab stored is not overwritten.
 */
import { cartStore, recheckCart, startCart } from '../cart/state'
import { sessionConfirmed, sessionStore } from '../session/state'
import { browserStorage } from '../core/storage'
import { startSharedCartRestore } from './restore'
import { sharedCartApi } from './sharedCart'

if (typeof window !== 'undefined') {
  startCart()
  startSharedCartRestore({ session: sessionStore, confirmed: sessionConfirmed, cart: cartStore, api: sharedCartApi(), storage: browserStorage('sessionStorage'), recheckCart })
}

/**
 * Boots the browser's state once, as a chunk loaded after the page has
 * hydrated (loadBoot.ts): the session's persistence and validation (importing
 * its state starts them), the cart's persistence, then the shared-cart
 * restore over the app's cart and session state. The order
 * matters: on focus the cart is read back from storage before the restore's
 * recheck writes it, so what another tab stored is not overwritten.
 */
import { cartState, recheckCart, startCart } from '../cart/state'
import { sessionConfirmed, sessionState } from '../session/state'
import { browserStorage } from '../core/storage'
import { startSharedCartRestore } from './restore'
import { sharedCartApi } from './sharedCart'

if (typeof window !== 'undefined') {
  startCart()
  startSharedCartRestore({ session: sessionState, confirmed: sessionConfirmed, cart: cartState, api: sharedCartApi(), storage: browserStorage('sessionStorage'), recheckCart })
}

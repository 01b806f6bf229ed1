/** Starts the shared-cart restore once, in the browser, over the app's cart and session stores. */
import { cartStore, recheckCart } from '../cart/state'
import { sessionConfirmed, sessionStore } from '../session/state'
import { browserStorage } from '../core/storage'
import { startSharedCartRestore } from './restore'
import { sharedCartApi } from './sharedCart'

if (typeof window !== 'undefined') {
  startSharedCartRestore({ session: sessionStore, confirmed: sessionConfirmed, cart: cartStore, api: sharedCartApi(), storage: browserStorage('sessionStorage'), recheckCart })
}

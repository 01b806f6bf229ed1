/**
 * The cart: one `@faststore/sdk` cart state (`createCartStore`) per tab, validated against
 * the platform after every change it has not confirmed. Once started (`startCart`), it is
 * persisted in IndexedDB under `main::store::cart` with a version, and with the
 * lines it last agreed on with the platform, and read back through a schema
 * (`persisted.ts`), resynced on focus and visibility, and an unsynced cart keeps
 * asking the platform until it answers. A cart the platform answered to a change
 * of the shopper's (operations.ts) is taken as agreed (`confirmCart`) and not pushed back.
 */
import { createBaseStore, createCartStore } from '@faststore/sdk'
import { STORE_NAMESPACE } from '../../config/constants'
import type { Cart } from '../../domain/types'
import { stringList } from '../../wire/plain'
import { browserStorage, stored } from '../core/storage'
import { cartTotals } from '../../domain/cart'
import { getCart } from './calls'
import { cartCount } from './count'
import { persistCart } from './persisted'
import { watchUnsynced } from './resync'
import { cartStatus } from './status'
import { addsInFlight } from './inFlight'
import { type AgreedCart, createCartValidator } from './validate'

export const emptyCart: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }

export const CART_STATE_KEY = `${STORE_NAMESPACE}::store::cart`

export const CART_SYNCED_KEY = `${STORE_NAMESPACE}::store::cart::synced`
const syncedStorage = stored(browserStorage('localStorage'))
/** The lines the cart last agreed on with the platform, kept with the cart (persisted.ts). */
const agreedLines = createBaseStore<AgreedCart | null>(null)
const validator = createCartValidator({
  synced: {
    read: () => syncedStorage.read(CART_SYNCED_KEY, stringList) ?? [],
    write: (keys) => void syncedStorage.write(CART_SYNCED_KEY, keys),
  },
  agreed: { read: agreedLines.read, write: agreedLines.set },
  adding: addsInFlight.settled,
  current: () => sdkCartState.read(),
})

/** No namespace: the sdk would persist the cart unchecked; `persistCart` keeps it instead. */
const sdkCartState = createCartStore<Cart>(emptyCart, validator, '')

/**
 * The cart state. Its line operations are the shopper's changes: each marks
 * the cart it produces as edited, so validation pushes it to the platform.
 * `set` is for carts that come from the platform or from storage.
 */
export const cartState: typeof sdkCartState = {
  ...sdkCartState,
  addItem: (item) => edited(() => sdkCartState.addItem(item)),
  updateItemQuantity: (id, quantity) => edited(() => sdkCartState.updateItemQuantity(id, quantity)),
  removeItem: (id) => edited(() => sdkCartState.removeItem(id)),
  emptyCart: () => edited(() => sdkCartState.emptyCart()),
}

// The header's count follows the cart (count.ts).
cartState.subscribe((cart) => cartCount.set(cartTotals(cart.items).totalItems))

// The sdk queues validation behind a resolved promise, so marking right after the change is in time.
function edited(change: () => void): void {
  change()
  validator.markEdited(sdkCartState.read())
}

/** Whether `cart` holds no change of this browser's that the platform has not seen (validate.ts `agrees`). */
export const cartAgrees = (cart: Cart): boolean => validator.agrees(cart)

/** `cart` is the platform's answer to a change of the shopper's: it agrees with the platform, and validation does not push it back. */
export const confirmCart = (cart: Cart): void => validator.markAgreed(cart)

/** The cart the state holds is a change of the shopper's the platform has not taken yet: validation pushes it. */
export const markCartEdited = (cart: Cart): void => validator.markEdited(cart)

/** Asks the platform again now, whenever the cart was last validated: another device may have changed it. */
export function recheckCart(): void {
  validator.forgetRecent()
  revalidateCart()
}

/** Runs validation again on the cart as it is. */
export function revalidateCart(): void {
  cartState.set({ ...cartState.read() })
}

/**
 * Whether the cart this browser kept has been read back: until then the state
 * holds the empty default, which says nothing about what the shopper has.
 */
export const cartLoaded = createBaseStore(false)

let started = false

/**
 * Runs the shopper's `change` once the cart this browser kept has been read back (at once when it has),
 * starting the cart if nothing has yet: reading it back sets the state, so a change made before would be
 * overwritten by it, and the cart starts after the page has hydrated, when an island may already act.
 */
export function afterCartLoaded(change: () => void): void {
  if (cartLoaded.read()) return change()
  startCart()
  const stop = cartLoaded.subscribe((loaded) => {
    if (!loaded) return
    stop()
    change()
  })
}

/**
 * Starts keeping the cart in this browser: reads it back from IndexedDB and
 * writes every change there, resyncs on focus and visibility, and keeps
 * asking the platform while the cart is unsynced. The browser's boot calls it
 * (src/sdk/account/boot.ts) before anything reads the cart; later calls do
 * nothing, as a second start would read and write storage twice on every change and focus.
 */
export function startCart(): void {
  if (started) return
  started = true
  persistCart(cartState, { key: CART_STATE_KEY, readPlatformCart: (id) => getCart(id), onLoaded: () => cartLoaded.set(true), agreed: agreedLines })
  watchUnsynced(cartStatus, revalidateCart)
}

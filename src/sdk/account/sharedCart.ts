/**
 * The shared-cart restore (req SHARED-04, SHARED-05, SHARED-06, SHARED-07, SHARED-08): the cart follows a logged-in shopper
 * across devices. Decided in this order, each step once per run:
 *
 * 1. ask who saved the cart (when it has an id);
 * 2. saved by someone, and the person is logged in and another: load the
 *    person's saved cart, or an empty cart when they have none;
 * 3. saved by someone, and the person is a guest: the session has expired
 *    (the modal), and the cart, being someone else's, is emptied here;
 * 4. saved by nobody (or by this person), and the person is logged in:
 *    COMBINE their saved cart with this one, or save this one for them when
 *    they have none (a cart they started while logged in is theirs already,
 *    and saved here so their other devices find it);
 * 5. no id yet, and the person is logged in: load their saved cart if any.
 *
 * Every call is retried up to 3 times; a run whose calls all fail changes
 * nothing (the cart stays as it is, and the next run asks again). The outcome
 * only says what the cart should become; `applyRestore` applies it.
 */
import type { Person } from '../../config/session'
import type { Cart } from '../../domain/types'
import { call } from '../core/client'
import { withRetries } from '../core/retry'

export interface SharedCartApi {
  /** null when nobody saved the cart; otherwise `userId` is the caller's own id or null (someone else). */
  savedCustomer(orderFormId: string): Promise<{ userId: string | null } | null>
  savedCart(userId: string, nullOnEmpty: boolean): Promise<Cart | null>
  save(userId: string, orderFormId: string): Promise<Cart>
  merge(savedCart: string, currentCart: string): Promise<Cart>
}

export type RestoreOutcome = { kind: 'keep' } | { kind: 'load'; cart: Cart } | { kind: 'expired' }

export const emptySharedCart: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }

/** The shared-cart Functions (req CALL-02, CALL-03, CALL-04, CALL-05), each retried up to 3 times (req SHARED-11); a call that still fails rejects. */
export function sharedCartApi(doFetch: typeof fetch = fetch, retryDelayMs = 300): SharedCartApi {
  const retried = async <T>(task: () => Promise<T>): Promise<T> => {
    let failure: unknown
    const boxed = await withRetries(async () => ({ value: await task() }), { delayMs: retryDelayMs, onFailure: (error) => (failure = error) })
    if (!boxed) throw failure ?? new Error('shared cart call failed')
    return boxed.value
  }
  const options = { fetch: doFetch }
  return {
    savedCustomer: (orderFormId) => retried(async () => (await call('sharedCart/getSharedCustomer', { body: { orderFormId } }, options)).data.getSavedCustomer),
    savedCart: (userId, nullOnEmpty) => retried(async () => (await call('sharedCart/getSharedCart', { body: { userId, nullOnEmpty } }, options)).data.getSavedCart),
    save: (userId, orderFormId) => retried(async () => (await call('sharedCart/saveSharedCart', { body: { userId, orderFormId } }, options)).data.saveCart),
    merge: (savedCart, currentCart) =>
      retried(async () => (await call('sharedCart/mergeSharedCart', { body: { savedCart, currentCart, strategy: 'COMBINE' } }, options)).data.replaceCart),
  }
}

export async function restoreSharedCart(cart: Cart, person: Person | null, api: SharedCartApi): Promise<RestoreOutcome> {
  const me = person?.id ? person : null
  if (cart.id) {
    const saved = await api.savedCustomer(cart.id)
    if (saved && saved.userId !== me?.id) {
      // The platform names the caller as the saver: the cookie is theirs, the browser has not read its person yet.
      if (!me) return saved.userId ? { kind: 'keep' } : { kind: 'expired' }
      return { kind: 'load', cart: (await api.savedCart(me.id, false)) ?? emptySharedCart }
    }
    // Nobody else's: step 4 (a cart the person already owns is saved for them if it is not yet).
    if (!me) return { kind: 'keep' }
    const mine = await api.savedCart(me.id, false)
    if (!mine) {
      // The cart is checked and attached by the platform in one step (never someone else's).
      await api.save(me.id, cart.id)
      return { kind: 'keep' }
    }
    if (mine.id === cart.id) return { kind: 'keep' }
    return { kind: 'load', cart: await api.merge(mine.id, cart.id) }
  }
  // No id: a cart with lines is not yet on the platform; the next run, once it has an id, combines it (step 4).
  if (!me || cart.items.length > 0) return { kind: 'keep' }
  const mine = await api.savedCart(me.id, true)
  return mine ? { kind: 'load', cart: mine } : { kind: 'keep' }
}

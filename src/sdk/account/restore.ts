/**
 * Runs the shared-cart restore (sharedCart.ts) at the moments req SHARED-02 and SHARED-10 name,
 * once the platform has confirmed who the shopper is in this page:
 * when the person changes, and when more than the re-check interval has
 * passed since the last run (kept in session storage with the person and the
 * cart it ran for); also when a logged-in person's cart gets another id (a
 * first cart, or one loaded by the restore), so it is saved for their devices. On focus, a logged-in shopper's cart is also read again from the
 * platform, so what another device added shows up here. A logged-in shopper
 * whose cart is empty and has no id yet asks for their saved cart when the
 * page starts and on focus, whatever the interval: it may have been filled
 * elsewhere since (another device, the account page's wishlist), and loading
 * it replaces nothing.
 */
import { SHARED_CART_CHECK_KEY, SHARED_CART_RECHECK_MS } from '../../config/constants'
import type { Session } from '../../config/session'
import type { Cart } from '../../domain/types'
import { loadParser, parserLoaded, z } from '../../wire/zod'
import { stored, type StorageLike } from '../core/storage'
import { sessionExpired } from './sessionExpired'
import { emptySharedCart, restoreSharedCart, type SharedCartApi } from './sharedCart'


const LastRun = z.object({ at: z.number(), personId: z.nullable(z.string()), cartId: z._default(z.string(), '') })

interface Readable<T> {
  read(): T
  subscribe(listener: (value: T) => void): () => void
}

export interface RestoreRunner {
  session: Readable<Session>
  /** True once the platform has confirmed the session's person in this page; nothing runs before. */
  confirmed: Readable<boolean>
  cart: Readable<Cart> & { set(cart: Cart): void }
  api: SharedCartApi
  storage: StorageLike | null
  /** Reads the platform's copy of the cart again, whenever it was last validated. */
  recheckCart(): void
  onExpired?: () => void
  now?: () => number
  intervalMs?: number
}

export function startSharedCartRestore({
  session,
  confirmed,
  cart,
  api,
  storage,
  recheckCart,
  onExpired = () => sessionExpired.set(true),
  now = Date.now,
  intervalMs = SHARED_CART_RECHECK_MS,
}: RestoreRunner): { check(pageEvent?: boolean): Promise<void>; stop(): void } {
  const lastRun = stored(storage)
  let running: Promise<void> | null = null

  async function run(personId: string | null): Promise<void> {
    try {
      const current = cart.read()
      const cartId = current.id
      // A session that just ended may already have had its cart swapped by validation (another
      // customer's order form is replaced by an empty one): ask about the cart this device held.
      const last = lastRun.read(SHARED_CART_CHECK_KEY, LastRun)
      const held = personId === null && last?.personId && last.cartId && last.cartId !== cartId ? { ...current, id: last.cartId } : current
      const outcome = await restoreSharedCart(held, session.read().person, api)
      lastRun.write(SHARED_CART_CHECK_KEY, { at: now(), personId, cartId } satisfies z.input<typeof LastRun>)
      if (outcome.kind === 'load') cart.set(outcome.cart)
      if (outcome.kind === 'expired') {
        cart.set(emptySharedCart)
        onExpired()
      }
    } catch (error) {
      // Left unmarked: the next trigger asks again.
      console.error('[sharedCart] restore failed', error)
    }
  }

  /** `pageEvent`: the page started (the person was confirmed) or regained focus. */
  function check(pageEvent = false): Promise<void> {
    // Before the platform confirms it, the person is storage's guess: a guest read there may be a
    // customer, and the restore would empty their cart and call their session expired.
    if (!confirmed.read()) return Promise.resolve()
    // What it reads back from storage is parsed: the parser loads first (req PERF-01).
    if (!parserLoaded()) return loadParser().then(() => check(pageEvent))
    // A trigger during a run is looked at again once that run is over.
    if (running) return running.then(() => check(pageEvent))
    const personId = session.read().person?.id || null
    const last = lastRun.read(SHARED_CART_CHECK_KEY, LastRun)
    const held = cart.read()
    const cartMoved = personId !== null && last?.cartId !== held.id
    const emptyHanded = pageEvent && personId !== null && !held.id && held.items.length === 0
    if (last && last.personId === personId && !cartMoved && !emptyHanded && now() - last.at < intervalMs) return Promise.resolve()
    running = run(personId).finally(() => {
      running = null
    })
    return running
  }

  const onFocus = () => {
    if (confirmed.read() && session.read().person?.id && cart.read().id) recheckCart()
    void check(true)
  }
  const onVisible = () => document.visibilityState === 'visible' && onFocus()
  const unsubscribeSession = session.subscribe(() => void check())
  const unsubscribeConfirmed = confirmed.subscribe(() => void check(true))
  const unsubscribeCart = cart.subscribe(() => void check())
  globalThis.addEventListener?.('focus', onFocus)
  globalThis.document?.addEventListener('visibilitychange', onVisible)
  void check(true)
  return {
    check,
    stop: () => {
      unsubscribeSession()
      unsubscribeConfirmed()
      unsubscribeCart()
      globalThis.removeEventListener?.('focus', onFocus)
      globalThis.document?.removeEventListener('visibilitychange', onVisible)
    },
  }
}

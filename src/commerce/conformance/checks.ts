/** The assertions and helpers more than one conformance suite uses. */
import { CommerceError, type ErrorCode } from '../errors'
import type { Cart, CartItem, LineInput, RequestContext } from '../../domain/types'
import type { CartAdapter } from '../capabilities'

/** A sku no catalog has. */
export const UNKNOWN_SKU = '987654321098'

/** The rejection of `promise`, checked to be our typed error with this status and code. */
export async function rejection(promise: Promise<unknown>, status: number, code: ErrorCode): Promise<CommerceError> {
  const error = await promise.then(
    () => new Error(`expected a CommerceError ${status}, the call succeeded`),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CommerceError)
  expect(error).toMatchObject({ status, code })
  return error as CommerceError
}

/**
 * `browser` carrying a session opened in another browser (`session`), as a
 * cookie planted from another origin of the host would put it there: the
 * session, and whatever the platform issued to `browser` (the key of its
 * guest cart).
 */
export const plantedIn = (browser: RequestContext, session: RequestContext): RequestContext => ({ cookie: session.cookie, issued: browser.issued })

/** The lines the shopper chose; gifts are the platform's to add. */
export const paid = (cart: Cart): CartItem[] => cart.items.filter((item) => !item.isGift)
/** The paid lines as [sku, quantity] pairs. */
export const lines = (cart: Cart) => paid(cart).map((item) => [item.itemOffered.sku, item.quantity])

/**
 * Every cart call on `cartId` made as `ctx` rejects with this status and code:
 * reading, adding, changing, removing, setting and replacing alike.
 */
export async function refusesEveryCall(
  cart: CartAdapter,
  cartId: string,
  change: { add: LineInput; update: LineInput; remove: Omit<LineInput, 'quantity'> },
  ctx: RequestContext,
  status: number,
  code: ErrorCode,
): Promise<void> {
  await rejection(cart.get(cartId, ctx), status, code)
  await rejection(cart.addItem(cartId, change.add, ctx), status, code)
  await rejection(cart.updateItem(cartId, change.update, ctx), status, code)
  await rejection(cart.removeItem(cartId, change.remove, ctx), status, code)
  await rejection(cart.setItems(cartId, [], ctx), status, code)
  await rejection(cart.replaceItems(cartId, [], ctx), status, code)
}

/**
 * The cart Functions as the browser calls them (req CALL-06, CALL-07), through the typed
 * client: answers are parsed carts. A refusal carries the Function's status
 * so callers can tell a stale order form (403, 404, 409) from a platform
 * that cannot be reached (a network error, 502, 503, an unreadable answer).
 */
import type { Cart, CartItem } from '../../domain/types'
import type { FunctionInput } from '../../wire/routes'
import { AnswerError, call, RequestError } from '../core/client'

export type CartFetch = typeof fetch

type LineChange = 'checkout/addCartItem' | 'checkout/updateCartItem' | 'checkout/removeCartItem'

/** Changes a line on the platform; resolves to the platform's cart. */
export function postCart<N extends LineChange>(name: N, body: FunctionInput<N>['body'], doFetch: CartFetch = fetch): Promise<Cart> {
  return call<LineChange>(name, { body }, { fetch: doFetch })
}

export function getCart(orderFormId: string, doFetch: CartFetch = fetch): Promise<Cart> {
  return call('checkout/getCartInformation', { query: { orderFormId } }, { fetch: doFetch })
}

/** The line as the cart Functions name it: sku, seller and attachments. */
export function newItemOf(item: CartItem) {
  return {
    seller: item.seller,
    itemOffered: { sku: item.itemOffered.sku, additionalProperty: item.itemOffered.additionalProperty },
  }
}

/** The order form is gone, placed or someone else's: a fresh one takes its place at the next validation. */
export function isStale(error: unknown): boolean {
  return error instanceof RequestError && [403, 404, 409].includes(error.status)
}

/** The platform refused the line itself (an sku it does not sell, a quantity out of bounds): asking again changes nothing. */
export function isRefused(error: unknown): boolean {
  return error instanceof RequestError && !(error instanceof AnswerError) && [400, 422].includes(error.status)
}

/** The Function took the change (2xx) but its answer could not be read. */
export function isAcceptedUnread(error: unknown): boolean {
  return error instanceof AnswerError && error.answeredStatus >= 200 && error.answeredStatus < 300
}

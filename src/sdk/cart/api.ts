/**
 * The cart Functions as the browser calls them (spec §7). A refusal carries
 * the Function's status so callers can tell a stale order form (403, 404, 409)
 * from a platform that cannot be reached (a network error, 502, 503).
 */
import type { Cart, CartItem } from '../../domain/types'
import { RequestError } from '../graphql'

export type CartFetch = typeof fetch

async function answer(response: Response, path: string): Promise<Cart> {
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } }
    throw new RequestError(body.error?.message ?? `${path} answered ${response.status}`, response.status)
  }
  return (await response.json()) as Cart
}

export async function postCart(path: string, body: unknown, doFetch: CartFetch = fetch): Promise<Cart> {
  const response = await doFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  })
  return answer(response, path)
}

export async function getCart(orderFormId: string, doFetch: CartFetch = fetch): Promise<Cart> {
  const path = `/api/checkout/getCartInformation?orderFormId=${encodeURIComponent(orderFormId)}`
  return answer(await doFetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' }), path)
}

/** The line as the cart Functions name it: sku, seller and attachments, and the quantity when one is set. */
export function newItemOf(item: CartItem, quantity?: number) {
  return {
    quantity,
    seller: item.seller,
    itemOffered: { sku: item.itemOffered.sku, additionalProperty: item.itemOffered.additionalProperty },
  }
}

/** The order form is gone, placed or someone else's: a fresh one takes its place at the next validation. */
export function isStale(error: unknown): boolean {
  return error instanceof RequestError && [403, 404, 409].includes(error.status)
}

/** The request never got an answer from the platform. */
export function isUnreachable(error: unknown): boolean {
  return !(error instanceof RequestError) || error.status >= 500
}

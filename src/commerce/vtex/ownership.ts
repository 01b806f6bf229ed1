/**
 * Whose order form an id is. An order form id the browser sends (in a cart
 * call, a pickup choice, saving or combining its cart) is acted on only when
 * it is the browser's own: the one VTEX named in the browser's own
 * `checkout.vtex.com` cookie (`__ofid=…`, kept under `__Host-`, client.ts),
 * or, for a logged-in customer, one VTEX bound to their profile (their saved
 * cart, reached from another device). Any other id is the 404 of an unknown
 * cart, and VTEX is never asked to change it: VTEX answers an order form to
 * whoever names its id, its ownership cookie guarding only the personal data
 * in it, so the id alone must not be enough (req VTEX-12).
 */
import { z } from 'zod/v4'
import type { RequestContext } from '../../domain/types'
import { CommerceError, notFound } from '../errors'
import { read } from './read'
import { vtexCookie, type VtexClient } from './client'
import { loginCookies, sessionPerson } from './session'

export const ORDER_FORM_ID = /^[A-Za-z0-9-]{1,64}$/
export const formPath = (id: string) => `/api/checkout/pub/orderForm/${encodeURIComponent(id)}`

/**
 * An order form read as FastStore reads it: `refreshOutdatedData=true` has Checkout recompute what it may
 * otherwise answer from before (prices, availability), so a cart the browser adopts is priced as it is now.
 */
export const readPath = (id: string) => `${formPath(id)}?refreshOutdatedData=true`

const Owned = z.object({ userProfileId: z.string().nullable().optional() })

/** The order form id of the browser's own `checkout.vtex.com`, or null when it holds none (or one held twice). */
export function browserOrderFormId(ctx: RequestContext): string | null {
  return /^__ofid=([A-Za-z0-9-]{1,64})$/.exec(vtexCookie(ctx, 'checkout.vtex.com') ?? '')?.[1] ?? null
}

/** The order form as VTEX answers it to `cookie` alone: its owner's profile id and the form, or how VTEX refused it. */
async function ask(client: VtexClient, id: string, cookie: string | undefined): Promise<{ owner: string | null; body: unknown } | { refused: 403 | 404 }> {
  try {
    const { body } = await client.call(readPath(id), { ctx: cookie ? { cookie } : {} })
    return { owner: read(Owned, body, 'order form').userProfileId ?? null, body }
  } catch (error) {
    if (error instanceof CommerceError && (error.status === 403 || error.status === 404)) return { refused: error.status }
    throw error
  }
}

/**
 * Answers when `id` is the browser's own order form. Otherwise throws what the
 * embedded platform answers for it: 403 for another customer's, the 404 of an
 * unknown cart for the rest (another browser's guest cart, or none).
 *
 * An id the cookie does not name is asked about first with no cookie at all,
 * then (when that says it is a customer's) with VTEX ID's cookie alone, so the
 * question carries none of this browser's order-form cookies and can never
 * bind a guest cart to the caller.
 */
export async function mustOwnOrderForm(client: VtexClient, id: string, ctx: RequestContext): Promise<void> {
  await own(client, id, ctx)
}

/**
 * The browser's own order form as VTEX answers it (`readPath`), read before a
 * change to it: an id the browser's cookie names is read with the browser's
 * cookies, in one call. For any other id the question `mustOwnOrderForm` asks
 * as the customer is the read, since VTEX answers the whole form to its owner;
 * the change that follows carries the browser's cookies, and VTEX's answer to
 * it binds the form to the browser. A read that changes nothing reads again
 * with the browser's cookies instead (`mustOwnOrderForm`, then `readPath`), so
 * that the browser holds the form's cookie for the reads after it.
 */
export async function readOwnOrderForm(client: VtexClient, id: string, ctx: RequestContext): Promise<unknown> {
  return (await own(client, id, ctx)) ?? (await client.call(readPath(id), { ctx })).body
}

/** Throws unless `id` is the browser's own; answers the form when proving it took a read as the customer, else null. */
async function own(client: VtexClient, id: string, ctx: RequestContext): Promise<unknown> {
  const unknown = () => notFound(`no cart ${id}`)
  const forbidden = () => new CommerceError(403, 'forbidden', 'this cart belongs to another shopper')
  if (!ORDER_FORM_ID.test(id)) throw unknown()
  if (browserOrderFormId(ctx) === id) return null
  const anonymous = await ask(client, id, undefined)
  if ('refused' in anonymous ? anonymous.refused === 404 : anonymous.owner === null) throw unknown()
  const person = await sessionPerson(client, ctx)
  if (!person) throw forbidden()
  const asCustomer = await ask(client, id, loginCookies(ctx, client.settings.account))
  if ('owner' in asCustomer && asCustomer.owner === person.id) return asCustomer.body
  throw 'refused' in asCustomer && asCustomer.refused === 404 ? unknown() : forbidden()
}

/**
 * Who may read or change an order form. A customer's order form is theirs
 * alone; a guest's answers only to the browser holding its guest-cart key
 * (see guest-key.ts), and a logged-in customer whose session was opened in
 * that browser, holding that key, claims it; a placed order form can be read
 * but no longer changed.
 */
import type { Queryable } from '../db/types'
import { conflict, notFound, PlatformError } from '../lib/errors'
import { holdsGuestKey } from './guest-key'
import { claimOrderForm, selectOrderForm, type OrderFormRow } from './queries'

/**
 * Who asks for an order form: the customer behind the session cookie, and the
 * guest-cart key the browser sent (see guest-key.ts), each null when absent;
 * and the hash of the guest-cart key the session was opened with (null or
 * absent: it claims no guest form).
 */
export interface Viewer {
  customerId: string | null
  guestKey: string | null
  sessionGuestKeyHash?: string | null
}

/**
 * Whether the viewer's session was opened in the browser asking: at login it
 * recorded the guest-cart key this request holds. A session planted from
 * another origin of the host was opened elsewhere, with another key or none.
 */
export function sessionOpenedHere(viewer: Viewer): boolean {
  return Boolean(viewer.customerId && viewer.sessionGuestKeyHash && holdsGuestKey(viewer.guestKey, viewer.sessionGuestKeyHash))
}

/** The refusal to save or merge a guest cart this session may not claim. */
const notClaimable = (id: string) =>
  new PlatformError(403, 'GUEST_CART_NOT_CLAIMABLE', `order form ${id} is a guest cart this session was not opened with, so it cannot become this customer's`)

/** The one answer for any lookup that finds no order. */
export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'no order matches this order number and email')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids are matched in lower case, and named so: the answer for a bound form must not differ from an unknown one's by the case of the id. */
function orderFormNotFound(id: string): PlatformError {
  return notFound('ORDER_FORM_NOT_FOUND', `order form ${id.toLowerCase()} does not exist`)
}

/** The order form `id`, before any access check; a malformed or unknown id is the same 404. */
export async function findOrderForm(db: Queryable, id: string, lock = ''): Promise<OrderFormRow> {
  if (!UUID.test(id)) throw orderFormNotFound(id)
  const row = await selectOrderForm(db, id.toLowerCase(), lock)
  if (!row) throw orderFormNotFound(id)
  return row
}

/** The order form `id` as the viewer may see it. */
export async function readableOrderForm(db: Queryable, id: string, viewer: Viewer): Promise<OrderFormRow> {
  return access(db, await findOrderForm(db, id), viewer)
}

/** The order form `id`, locked until the transaction ends, once the viewer may see it. */
export async function lockOrderForm(tx: Queryable, id: string, viewer: Viewer): Promise<OrderFormRow> {
  return access(tx, await findOrderForm(tx, id, 'FOR UPDATE'), viewer)
}

/** The order form `id`, locked, once the viewer may change it: 409 once placed. */
export async function lockOpenOrderForm(tx: Queryable, id: string, viewer: Viewer): Promise<OrderFormRow> {
  const row = await lockOrderForm(tx, id, viewer)
  if (row.status === 'placed') throw conflict('ORDER_FORM_PLACED', `order form ${id} is already placed and can no longer change`)
  return row
}

/**
 * The open order form `id`, locked, as the logged-in viewer's own: a guest
 * form is claimed on the way, and one their session may not claim (opened in
 * another browser) is refused with 403, so nothing saves it for them or merges
 * its lines into their cart.
 */
export async function lockOwnOpenOrderForm(tx: Queryable, id: string, viewer: Viewer & { customerId: string }): Promise<OrderFormRow> {
  const row = await lockOpenOrderForm(tx, id, viewer)
  if (row.customer_id !== viewer.customerId) throw notClaimable(row.id)
  return row
}

/**
 * A customer's order form is theirs alone (403 to anyone else). A guest order
 * form answers only to the browser holding its guest-cart key: without it the
 * answer is the 404 of an unknown id, so an id alone tells nothing, not even
 * that the cart exists. A logged-in customer holding the key claims the open
 * form on the spot, when their session was opened holding that same key: it
 * becomes theirs, and the key no longer opens it. A session opened elsewhere
 * (planted in this browser from another origin of the host) claims nothing:
 * the form stays the guest's, open to the key as before.
 */
async function access(db: Queryable, row: OrderFormRow, viewer: Viewer): Promise<OrderFormRow> {
  if (row.customer_id !== null) {
    if (row.customer_id !== viewer.customerId) throw new PlatformError(403, 'FORBIDDEN', `order form ${row.id} belongs to another customer`)
    return row
  }
  if (!holdsGuestKey(viewer.guestKey, row.guest_key_hash)) throw orderFormNotFound(row.id)
  if (!viewer.customerId || row.status !== 'open' || !viewer.sessionGuestKeyHash || viewer.sessionGuestKeyHash !== row.guest_key_hash) return row
  const claimed = await claimOrderForm(db, row.id, viewer.customerId)
  // Claimed by a concurrent request in between: look again, as that customer's form.
  if (!claimed) return access(db, await findOrderForm(db, row.id), viewer)
  return { ...row, ...claimed, customer_id: viewer.customerId, guest_key_hash: null }
}

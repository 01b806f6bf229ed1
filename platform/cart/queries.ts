/**
 * The SQL of order forms (carts) and their lines. Each query takes the
 * connection or transaction it runs on, so a change reads and writes inside
 * the transaction that locked its order form. Ids arrive in lower case.
 */
import { insertRows } from '../db/bulk'
import type { Queryable } from '../db/types'
import type { Attachment, CartLine } from './lines'

export interface OrderFormRow {
  id: string
  status: 'open' | 'placed'
  customer_id: string | null
  guest_key_hash: string | null
  order_number: string | null
  updated_at: unknown
  /** updated_at to the microsecond: a change to the lines always moves it. */
  stamp: string
}

export interface LineRow {
  position: number
  sku: string
  seller: string
  attachments: Attachment[]
  quantity: number
  is_gift: boolean
  placed_price_cents: number | null
  placed_list_price_cents: number | null
}

/** A line as written: what the shopper chose, or a gift the total earned. */
export type StoredLine = CartLine & { isGift: boolean }

export async function insertOrderForm(db: Queryable, id: string, customerId: string | null, guestKeyHash: string | null): Promise<void> {
  await db.query('INSERT INTO order_forms (id, customer_id, guest_key_hash) VALUES ($1, $2, $3)', [id, customerId, guestKeyHash])
}

/** The order form `id`; with `lock`, its row stays locked until the transaction ends. */
export async function selectOrderForm(db: Queryable, id: string, lock = ''): Promise<OrderFormRow | undefined> {
  const [row] = await db.query<OrderFormRow>(
    `SELECT id, status, customer_id, guest_key_hash, order_number, updated_at, updated_at::text AS stamp FROM order_forms WHERE id = $1 ${lock}`,
    [id],
  )
  return row
}

/** Gives a guest's order form to a customer; undefined when someone claimed it first. */
export async function claimOrderForm(db: Queryable, id: string, customerId: string): Promise<Pick<OrderFormRow, 'updated_at' | 'stamp'> | undefined> {
  const [claimed] = await db.query<Pick<OrderFormRow, 'updated_at' | 'stamp'>>(
    `UPDATE order_forms SET customer_id = $2, guest_key_hash = NULL, updated_at = now()
     WHERE id = $1 AND customer_id IS NULL RETURNING updated_at, updated_at::text AS stamp`,
    [id, customerId],
  )
  return claimed
}

export function selectLines(db: Queryable, id: string): Promise<LineRow[]> {
  return db.query<LineRow>(
    `SELECT position, sku, seller, attachments, quantity, is_gift, placed_price_cents, placed_list_price_cents
     FROM order_form_lines WHERE order_form_id = $1 ORDER BY position`,
    [id],
  )
}

/** Replaces every line of the order form, in order, and moves its updated_at. */
export async function replaceLineRows(tx: Queryable, id: string, lines: readonly StoredLine[]): Promise<void> {
  await tx.query('DELETE FROM order_form_lines WHERE order_form_id = $1', [id])
  await insertRows(
    tx,
    'order_form_lines',
    ['order_form_id', 'position', 'sku', 'seller', 'attachments', 'quantity', 'is_gift'],
    lines.map((l, position) => [id, position, l.sku, l.seller, JSON.stringify(l.attachments), l.quantity, l.isGift]),
  )
  await tx.query('UPDATE order_forms SET updated_at = now() WHERE id = $1', [id])
}

/** Freezes the prices of the line at `position`, as the order is placed. */
export async function freezeLinePrices(tx: Queryable, id: string, position: number, priceCents: number, listPriceCents: number): Promise<void> {
  await tx.query(
    'UPDATE order_form_lines SET placed_price_cents = $1, placed_list_price_cents = $2 WHERE order_form_id = $3 AND position = $4',
    [priceCents, listPriceCents, id, position],
  )
}

/** Marks the order form placed, with the email its confirmation goes to and its order number. */
export async function markPlaced(tx: Queryable, id: string, contactEmail: string, orderNumber: string): Promise<void> {
  await tx.query(
    `UPDATE order_forms SET status = 'placed', placed_at = now(), updated_at = now(), contact_email = $2, order_number = $3 WHERE id = $1`,
    [id, contactEmail, orderNumber],
  )
}

/** The placed order with this number (any case) and email (normalised by the caller). */
export async function selectPlaced(db: Queryable, orderNumber: string, email: string): Promise<{ id: string; placed_at: Date | string } | undefined> {
  const [row] = await db.query<{ id: string; customer_id: string | null; placed_at: Date | string }>(
    `SELECT id, customer_id, placed_at FROM order_forms
     WHERE status = 'placed' AND upper(order_number) = upper($1) AND contact_email = $2`,
    [orderNumber, email],
  )
  return row
}

export async function customerEmail(db: Queryable, customerId: string): Promise<string | null> {
  const [row] = await db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customerId])
  return row?.email ?? null
}

/** Which of `sellers` a store of the shop sells under, by its own or its VTEX seller id. */
export async function knownSellers(db: Queryable, sellers: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ seller: string }>(
    `SELECT seller_id AS seller FROM stores WHERE seller_id = ANY($1::text[])
     UNION SELECT vtex_seller_id FROM stores WHERE vtex_seller_id = ANY($1::text[])`,
    [sellers],
  )
  return new Set(rows.map((r) => r.seller))
}

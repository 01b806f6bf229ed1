import { randomUUID } from 'node:crypto'
import type { WishlistItem } from '../wire-identity'
import type { Db } from '../db/types'
import { notFound } from '../lib/errors'

/** One wishlist per customer; a SKU is in it at most once, so adding it again answers the existing item. */
export class Wishlists {
  constructor(private readonly db: Db) {}

  list(customerId: string): Promise<WishlistItem[]> {
    return this.db.query<WishlistItem>(
      `SELECT w.id, w.sku, v.product_id AS "productId" FROM wishlist_items w JOIN variants v ON v.sku = w.sku
       WHERE w.customer_id = $1 ORDER BY w.added_at, w.id`,
      [customerId],
    )
  }

  /** The list with what the account page shows of each product. */
  listForPage(customerId: string): Promise<(WishlistItem & { productName: string; variantName: string; productSlug: string })[]> {
    return this.db.query(
      `SELECT w.id, w.sku, v.product_id AS "productId", p.name AS "productName", v.name AS "variantName", p.slug AS "productSlug"
       FROM wishlist_items w JOIN variants v ON v.sku = w.sku JOIN products p ON p.id = v.product_id
       WHERE w.customer_id = $1 ORDER BY w.added_at, w.id`,
      [customerId],
    )
  }

  /** The list item id of `sku` in the customer's wishlist; 404 for an unknown sku. */
  async add(customerId: string, sku: string): Promise<string> {
    const [variant] = await this.db.query<{ sku: string }>('SELECT sku FROM variants WHERE sku = $1', [sku])
    if (!variant) throw notFound('UNKNOWN_SKU', `unknown sku ${sku}`)
    await this.db.query(
      'INSERT INTO wishlist_items (id, customer_id, sku) VALUES ($1, $2, $3) ON CONFLICT (customer_id, sku) DO NOTHING',
      [randomUUID(), customerId, sku],
    )
    const [row] = await this.db.query<{ id: string }>('SELECT id FROM wishlist_items WHERE customer_id = $1 AND sku = $2', [customerId, sku])
    if (!row) throw new Error(`wishlist item for ${sku} vanished after insert`)
    return row.id
  }

  /** Whether an item of this customer's wishlist was removed; another customer's item is never touched. */
  async remove(customerId: string, itemId: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>('DELETE FROM wishlist_items WHERE id = $1 AND customer_id = $2 RETURNING id', [itemId, customerId])
    return rows.length > 0
  }
}

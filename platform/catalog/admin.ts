import type { AdminSkuAnswer, AdminSkuPatchBody } from '../wire'
import type { Db } from '../db/types'
import { centsToEuros, eurosToCents } from '../db/values'
import { notFound } from '../lib/errors'

interface PriceRow {
  product_id: string
  price_cents: number
  list_price_cents: number
  low_price_cents: number
}

/**
 * Changes a SKU's prices or stock. An in-stock SKU's lowPrice follows a new
 * price unless lowPrice is given too (lowPrice is the price, or 0 when out of
 * stock). The product's derived sort columns are recomputed in the same
 * transaction, and with `outbox` the sku is kept for the storefront's catalog
 * hook in it too (platform/lib/catalog-hook.ts).
 */
export async function patchSku(db: Db, sku: string, patch: AdminSkuPatchBody, options: { outbox?: boolean } = {}): Promise<AdminSkuAnswer> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<PriceRow>(
      'SELECT product_id, price_cents, list_price_cents, low_price_cents FROM variants WHERE sku = $1 FOR UPDATE',
      [sku],
    )
    if (!current) throw notFound('UNKNOWN_SKU', `unknown sku ${sku}`)
    const price = patch.price !== undefined ? eurosToCents(patch.price) : current.price_cents
    const listPrice = patch.listPrice !== undefined ? eurosToCents(patch.listPrice) : current.list_price_cents
    const lowPrice =
      patch.lowPrice !== undefined ? eurosToCents(patch.lowPrice) : current.low_price_cents > 0 ? price : 0
    await tx.query('UPDATE variants SET price_cents = $1, list_price_cents = $2, low_price_cents = $3 WHERE sku = $4', [
      price,
      listPrice,
      lowPrice,
      sku,
    ])
    await tx.query(
      `UPDATE products p SET
         min_price_cents = (SELECT min(price_cents) FROM variants WHERE product_id = p.id),
         max_discount_bp = (SELECT coalesce(max(CASE WHEN list_price_cents > 0
             THEN greatest(0, round((list_price_cents - price_cents) * 10000.0 / list_price_cents)) ELSE 0 END), 0)::int
           FROM variants WHERE product_id = p.id)
       WHERE p.id = $1`,
      [current.product_id],
    )
    // Kept for the storefront's catalog hook with the change itself: a change is never stored without it.
    if (options.outbox) {
      await tx.query(
        `INSERT INTO catalog_outbox (sku) VALUES ($1)
         ON CONFLICT (sku) DO UPDATE SET changed_at = clock_timestamp(), attempts = 0, next_attempt_at = clock_timestamp()`,
        [sku],
      )
    }
    return { sku, price: centsToEuros(price), listPrice: centsToEuros(listPrice), lowPrice: centsToEuros(lowPrice) }
  })
}

export async function loyaltyMultiplier(db: Db, sku: string): Promise<number> {
  const [row] = await db.query<{ multiplier: number }>('SELECT loyalty_multiplier::int AS multiplier FROM variants WHERE sku = $1', [sku])
  if (!row) throw notFound('UNKNOWN_SKU', `unknown sku ${sku}`)
  return row.multiplier
}

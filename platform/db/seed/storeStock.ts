import type { Queryable } from '../types'

/**
 * Stock of every seed variant in every store: 0 to 5 units, derived from the
 * store id and sku so a given catalog always has the same stock (about one
 * variant in six is missing from a store). Holidays every store keeps closed
 * and Christmas Eve's early closing are the hour exceptions.
 */
export async function seedStoreStock(tx: Queryable, year = new Date().getUTCFullYear()): Promise<void> {
  await tx.query(
    `INSERT INTO store_stock (store_id, sku, quantity)
     SELECT s.id, v.sku, get_byte(decode(md5(s.id || ':' || v.sku), 'hex'), 0) % 6
     FROM stores s CROSS JOIN variants v`,
  )
  for (const y of [year, year + 1]) {
    await tx.query(
      `INSERT INTO store_hour_exceptions (store_id, day, open, close)
       SELECT id, d.day::date, d.open, d.close FROM stores
       CROSS JOIN (VALUES ($1, NULL, NULL), ($2, '09:00', '17:00'), ($3, NULL, NULL), ($4, NULL, NULL)) AS d (day, open, close)`,
      [`${y}-01-01`, `${y}-12-24`, `${y}-12-25`, `${y}-12-26`],
    )
  }
}

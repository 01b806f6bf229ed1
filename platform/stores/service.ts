/**
 * Stores, their stock and hours, favourite stores and order forms' pickup
 * points. Distances are great-circle metres computed in SQL (haversine), so
 * the database orders and filters by distance on PGlite and PostgreSQL alike.
 */
import type { Queryable } from '../db/types'
import { notFound, PlatformError } from '../lib/errors'
import { WeekHours, type Store } from '../wire-stores'

interface StoreRow {
  id: string
  name: string
  street: string
  city: string
  region: string
  postal_code: string
  latitude: number
  longitude: number
  hours: unknown
  seller_id: string
  vtex_seller_id: string
  fast_time: number
  slow_time: number
  distance: number | null
  in_stock: boolean
}

interface ExceptionRow {
  store_id: string
  date: string
  open: string | null
  close: string | null
}

export interface StockItem {
  sku: string
  quantity: number
}

const DISTANCE = `2 * 6371000 * asin(sqrt(
  power(sin(radians(s.latitude - $1) / 2), 2) +
  cos(radians($1)) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - $2) / 2), 2)))`

/** Whether store s stocks every item of the text arrays $N (skus) and $N+1 (quantities). */
const IN_STOCK = (n: number) => `COALESCE((
  SELECT bool_and(COALESCE(st.quantity, 0) >= want.q::int)
  FROM unnest($${n}::text[], $${n + 1}::text[]) AS want (sku, q)
  LEFT JOIN store_stock st ON st.store_id = s.id AND st.sku = want.sku), true)`

const COLUMNS = `s.id, s.name, s.street, s.city, s.region, s.postal_code, s.latitude, s.longitude, s.hours,
  s.seller_id, s.vtex_seller_id, s.fast_time, s.slow_time`

const EXCEPTION_DAYS = 15

export class StoreService {
  constructor(private readonly db: Queryable) {}

  /** Stores within `radius` metres of a point, nearest first, each saying whether it stocks `items`. */
  async near(point: { lat: number; lng: number }, radius: number, items: StockItem[], limit: number): Promise<Store[]> {
    await this.assertSkus(items)
    const rows = await this.db.query<StoreRow>(
      `SELECT * FROM (
         SELECT ${COLUMNS}, ${DISTANCE} AS distance, ${IN_STOCK(3)} AS in_stock FROM stores s
       ) AS found
       WHERE distance <= $5
       ORDER BY distance, id
       LIMIT $6`,
      [point.lat, point.lng, ...stockParams(items), radius, limit],
    )
    return this.withExceptions(rows)
  }

  async byId(id: string, items: StockItem[] = []): Promise<Store> {
    return this.one('s.id = $3', id, items)
  }

  async bySeller(sellerId: string, items: StockItem[] = []): Promise<Store> {
    return this.one('(s.seller_id = $3 OR s.vtex_seller_id = $3)', sellerId, items)
  }

  async favourite(customerId: string): Promise<Store | null> {
    const [row] = await this.db.query<{ store_id: string }>('SELECT store_id FROM favourite_stores WHERE customer_id = $1', [customerId])
    return row ? this.byId(row.store_id) : null
  }

  async setFavourite(customerId: string, storeId: string): Promise<Store> {
    const store = await this.byId(storeId)
    await this.db.query(
      `INSERT INTO favourite_stores (customer_id, store_id) VALUES ($1, $2)
       ON CONFLICT (customer_id) DO UPDATE SET store_id = EXCLUDED.store_id, updated_at = now()`,
      [customerId, store.id],
    )
    return store
  }

  /** The order form's pickup point, or null when it is delivered. The caller has checked access. */
  async pickupPoint(orderFormId: string): Promise<Store | null> {
    const [row] = await this.db.query<{ pickup_store_id: string | null }>('SELECT pickup_store_id FROM order_forms WHERE id = $1', [orderFormId])
    return row?.pickup_store_id ? this.byId(row.pickup_store_id) : null
  }

  /** Picks the order up at a store, or (null) returns it to delivery. The caller has checked access and that it is open. */
  async setPickupPoint(orderFormId: string, storeId: string | null): Promise<Store | null> {
    const store = storeId === null ? null : await this.byId(storeId)
    await this.db.query('UPDATE order_forms SET pickup_store_id = $2, updated_at = now() WHERE id = $1', [orderFormId, store?.id ?? null])
    return store
  }

  private async one(where: string, key: string, items: StockItem[]): Promise<Store> {
    await this.assertSkus(items)
    const rows = await this.db.query<StoreRow>(
      `SELECT ${COLUMNS}, NULL::float8 AS distance, ${IN_STOCK(1)} AS in_stock FROM stores s WHERE ${where}`,
      [...stockParams(items), key],
    )
    const [store] = await this.withExceptions(rows)
    if (!store) throw notFound('STORE_NOT_FOUND', `no store ${key}`)
    return store
  }

  private async assertSkus(items: StockItem[]): Promise<void> {
    if (items.length === 0) return
    const skus = [...new Set(items.map((i) => i.sku))]
    const known = await this.db.query<{ sku: string }>('SELECT sku FROM variants WHERE sku = ANY($1::text[])', [skus])
    const missing = skus.filter((sku) => !known.some((k) => k.sku === sku))
    if (missing.length) throw new PlatformError(404, 'SKU_NOT_FOUND', `unknown sku ${missing.join(', ')}`)
  }

  private async withExceptions(rows: StoreRow[]): Promise<Store[]> {
    if (rows.length === 0) return []
    const exceptions = await this.db.query<ExceptionRow>(
      `SELECT store_id, to_char(day, 'YYYY-MM-DD') AS date, open, close FROM store_hour_exceptions
       WHERE store_id = ANY($1::text[]) AND day >= current_date - 1 AND day < current_date + ${EXCEPTION_DAYS}
       ORDER BY day`,
      [rows.map((r) => r.id)],
    )
    return rows.map((row) => toStore(row, exceptions.filter((e) => e.store_id === row.id)))
  }
}

function stockParams(items: StockItem[]): [string[], string[]] {
  return [items.map((i) => i.sku), items.map((i) => String(i.quantity))]
}

function toStore(row: StoreRow, exceptions: ExceptionRow[]): Store {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    hours: WeekHours.parse(typeof row.hours === 'string' ? JSON.parse(row.hours) : row.hours),
    exceptions: exceptions.map((e) => ({ date: e.date, hours: e.open && e.close ? { open: e.open, close: e.close } : null })),
    sellerId: row.seller_id,
    vtexSellerId: row.vtex_seller_id,
    fastTime: Number(row.fast_time),
    slowTime: Number(row.slow_time),
    distance: row.distance === null ? null : Math.round(Number(row.distance)),
    inStock: Boolean(row.in_stock),
  }
}

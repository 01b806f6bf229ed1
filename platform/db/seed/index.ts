import { insertRows } from '../bulk'
import type { Db, Queryable, SqlParam } from '../types'
import { buildBrands } from './brands'
import { buildCategories } from './categories'
import { customerRows, SEED_ADDRESSES, SEED_CUSTOMERS } from './customers'
import { generateProducts, GIFT_SKU, giftProduct, type SeedProduct } from './products'
import { Random } from './random'
import { buildStores } from './stores'
import { seedStoreStock } from './storeStock'
import { slugify } from '../../lib/slug'

export const DEFAULT_SEED = 20240917
export const DEFAULT_PRODUCT_COUNT = 1500

export interface SeedOptions {
  /** Number of listed products (the gift product comes on top). */
  products?: number
  seed?: number
}

export interface SeedReport {
  categories: number
  brands: number
  products: number
  variants: number
  properties: number
  stores: number
  customers: number
  seconds: number
}

const PRODUCT_COLUMNS = [
  'id', 'slug', 'name', 'description', 'brand_id', 'category_id',
  'category1_id', 'category2_id', 'category3_id', 'category4_id',
  'search_keywords', 'price_tiers', 'tier_extra_discount', 'min_quantity', 'fast_picking', 'is_kit',
  'subscription_frequencies', 'release_date', 'position', 'listed', 'min_price_cents', 'max_discount_bp',
] as const

const VARIANT_COLUMNS = [
  'sku', 'product_id', 'position', 'name', 'gtin', 'price_cents', 'list_price_cents', 'low_price_cents',
  'unit_multiplier', 'max_quantity', 'image_count', 'loyalty_multiplier',
] as const

const PROPERTY_COLUMNS = ['product_id', 'position', 'name', 'value', 'name_slug', 'value_slug'] as const

/** Largest discount among variants, in basis points of the list price. */
export function maxDiscountBp(variants: readonly { priceCents: number; listPriceCents: number }[]): number {
  return Math.max(0, ...variants.map((v) => (v.listPriceCents > 0 ? Math.round(((v.listPriceCents - v.priceCents) / v.listPriceCents) * 10000) : 0)))
}

function productRow(p: SeedProduct): SqlParam[] {
  const ids = p.category.pathIds
  return [
    p.id, p.slug, p.name, p.description, p.brandId, p.category.id,
    ids[0] ?? null, ids[1] ?? null, ids[2] ?? null, ids[3] ?? null,
    p.searchKeywords, JSON.stringify(p.priceTiers), p.tierExtraDiscount, p.minQuantity, p.fastPicking, p.isKit,
    p.subscriptionFrequencies ? JSON.stringify(p.subscriptionFrequencies) : null, p.releaseDate, p.position, p.listed,
    Math.min(...p.variants.map((v) => v.priceCents)), maxDiscountBp(p.variants),
  ]
}

async function insertProducts(tx: Queryable, products: SeedProduct[]): Promise<{ variants: number; properties: number }> {
  await insertRows(tx, 'products', PRODUCT_COLUMNS, products.map(productRow))
  const variants = products.flatMap((p) =>
    p.variants.map((v) => [
      v.sku, p.id, v.position, v.name, v.gtin, v.priceCents, v.listPriceCents, v.lowPriceCents,
      v.unitMultiplier, v.maxQuantity, v.imageCount, v.loyaltyMultiplier,
    ]),
  )
  await insertRows(tx, 'variants', VARIANT_COLUMNS, variants)
  const properties = products.flatMap((p) =>
    p.properties.map((prop, i) => [p.id, i, prop.name, prop.value, slugify(prop.name), slugify(prop.value)]),
  )
  await insertRows(tx, 'product_properties', PROPERTY_COLUMNS, properties)
  return { variants: variants.length, properties: properties.length }
}

/** True when the catalog has been seeded (the seed writes everything in one transaction). */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM categories')
  return (row?.n ?? 0) > 0
}

/** Empties every table the platform owns (catalog, customers, sessions, order forms). */
export async function clearDatabase(db: Queryable): Promise<void> {
  await db.exec(`TRUNCATE order_form_lines, order_forms, sessions, customers, gift_promotions, stores,
    product_properties, variants, products, brands, categories RESTART IDENTITY CASCADE`)
  await db.exec('ALTER SEQUENCE order_number_seq RESTART; ALTER SEQUENCE loyalty_card_seq RESTART')
}

/**
 * Writes the seed catalog, stores, promotion and customers into an empty
 * database, in one transaction. Deterministic for a given seed, except the
 * password salts.
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const started = process.hrtime.bigint()
  const count = options.products ?? DEFAULT_PRODUCT_COUNT
  const seed = options.seed ?? DEFAULT_SEED
  const categories = buildCategories()
  const brands = buildBrands()
  const stores = buildStores(new Random(seed ^ 0x5702e))
  const customers = await customerRows()
  const report = await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'categories',
      ['id', 'slug', 'name', 'level', 'parent_id', 'position'],
      categories.map((c) => [c.id, c.slug, c.name, c.level, c.parentId, c.position]),
    )
    await insertRows(
      tx,
      'brands',
      ['id', 'slug', 'name', 'private_label'],
      brands.map((b) => [b.id, b.slug, b.name, b.privateLabel]),
    )
    let variants = 0
    let properties = 0
    for (const batch of generateProducts(categories, brands, count, seed)) {
      const inserted = await insertProducts(tx, batch)
      variants += inserted.variants
      properties += inserted.properties
    }
    await insertProducts(tx, [giftProduct(categories, brands, count)])
    await insertRows(tx, 'gift_promotions', ['id', 'name', 'threshold_cents', 'gift_sku'], [
      ['omaggio-49', 'Campione omaggio per ordini da 49 €', 4900, GIFT_SKU],
    ])
    await insertRows(
      tx,
      'stores',
      ['id', 'name', 'street', 'city', 'region', 'postal_code', 'latitude', 'longitude', 'hours', 'seller_id', 'vtex_seller_id', 'fast_time', 'slow_time'],
      stores.map((s) => [s.id, s.name, s.street, s.city, s.region, s.postalCode, s.latitude, s.longitude, JSON.stringify(s.hours), s.sellerId, s.vtexSellerId, s.fastTime, s.slowTime]),
    )
    await seedStoreStock(tx)
    await insertRows(
      tx,
      'customers',
      ['id', 'email', 'given_name', 'family_name', 'password_hash', 'is_vet', 'bk_id', 'arcacard', 'profiling_consent'],
      customers,
    )
    await insertRows(
      tx,
      'customer_addresses',
      ['id', 'customer_id', 'address_type', 'recipient', 'country', 'postal_code', 'city', 'province', 'street'],
      SEED_ADDRESSES.map((a) => [a.id, a.customerId, a.type, a.recipient, a.country, a.postalCode, a.city, a.province, a.street]),
    )
    return { categories: categories.length, brands: brands.length, products: count + 1, variants: variants + 1, properties, stores: stores.length, customers: SEED_CUSTOMERS.length }
  })
  // Fresh statistics, or the planner sizes every table as empty and picks
  // nested loops that take minutes on a large catalog.
  await db.exec('ANALYZE')
  return { ...report, seconds: Number(process.hrtime.bigint() - started) / 1e9 }
}

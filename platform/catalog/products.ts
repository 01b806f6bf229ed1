import type { Product, ProductPage, Variant } from '../wire'
import type { Queryable } from '../db/types'
import { centsToEuros, toDateString } from '../db/values'
import { variantImages } from './images'
import type { CatalogReference } from './reference'

interface ProductRow {
  id: string
  slug: string
  name: string
  description: string
  brand_id: string
  category_id: string
  price_tiers: { minQuantity: number; valueCents: number }[]
  tier_extra_discount: boolean
  min_quantity: number
  fast_picking: boolean
  is_kit: boolean
  subscription_frequencies: string[] | null
  release_date: string
}

interface VariantRow {
  sku: string
  product_id: string
  name: string
  gtin: string
  price_cents: number
  list_price_cents: number
  low_price_cents: number
  unit_multiplier: number
  max_quantity: number
  image_count: number
}

interface PropertyRow {
  product_id: string
  name: string
  value: string
}

const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.description, p.brand_id, p.category_id, p.price_tiers,
  p.tier_extra_discount, p.min_quantity, p.fast_picking, p.is_kit, p.subscription_frequencies,
  p.release_date::text AS release_date`

/** Builds full products; shared by listings, product pages and search. */
export class ProductReader {
  constructor(
    private readonly reference: CatalogReference,
    private readonly publicUrl: () => string,
  ) {}

  /** Products by id, in the order of `ids`; unknown ids are skipped. */
  async byIds(db: Queryable, ids: readonly string[]): Promise<Product[]> {
    if (ids.length === 0) return []
    const rows = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ANY($1::text[])`, [ids])
    return this.assemble(db, rows, ids)
  }

  async bySlug(db: Queryable, slug: string): Promise<Product | null> {
    const rows = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.slug = $1 AND p.listed`, [slug])
    const [product] = await this.assemble(db, rows, rows.map((r) => r.id))
    return product ?? null
  }

  /** The listed products holding any of these skus, each once; a sku of no listed product is skipped. */
  async bySkus(db: Queryable, skus: readonly string[]): Promise<Product[]> {
    if (skus.length === 0) return []
    const rows = await db.query<{ id: string }>(
      'SELECT DISTINCT p.id FROM variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ANY($1::text[]) AND p.listed ORDER BY p.id',
      [skus],
    )
    return this.byIds(db, rows.map((r) => r.id))
  }

  /** Listed products in catalog order (position), zero-based pages. */
  async page(db: Queryable, page: number, pageSize: number): Promise<ProductPage> {
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products WHERE listed')
    const ids = await db.query<{ id: string }>(
      'SELECT id FROM products WHERE listed ORDER BY position, id LIMIT $1 OFFSET $2',
      [pageSize, page * pageSize],
    )
    return { items: await this.byIds(db, ids.map((r) => r.id)), total: count?.n ?? 0, page, pageSize }
  }

  private async assemble(db: Queryable, rows: ProductRow[], order: readonly string[]): Promise<Product[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.id)
    const variants = await db.query<VariantRow>(
      `SELECT sku, product_id, name, gtin, price_cents, list_price_cents, low_price_cents, unit_multiplier,
              max_quantity, image_count
       FROM variants WHERE product_id = ANY($1::text[]) ORDER BY product_id, position`,
      [ids],
    )
    const properties = await db.query<PropertyRow>(
      'SELECT product_id, name, value FROM product_properties WHERE product_id = ANY($1::text[]) ORDER BY product_id, position',
      [ids],
    )
    const variantsOf = groupBy(variants, (v) => v.product_id)
    const propertiesOf = groupBy(properties, (p) => p.product_id)
    const byId = new Map(rows.map((row) => [row.id, this.toProduct(row, variantsOf.get(row.id) ?? [], propertiesOf.get(row.id) ?? [])]))
    return order.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined)
  }

  private toProduct(row: ProductRow, variants: VariantRow[], properties: PropertyRow[]): Product {
    const brand = this.reference.brand(row.brand_id)
    if (!brand) throw new Error(`product ${row.id} refers to unknown brand ${row.brand_id}`)
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      brand,
      categoryId: row.category_id,
      categoryPath: this.reference.path(row.category_id),
      variants: variants.map((v) => this.toVariant(row, v)),
      properties: properties.map((p) => ({ name: p.name, value: p.value })),
      priceTiers: row.price_tiers.map((t) => ({ minQuantity: t.minQuantity, value: centsToEuros(t.valueCents) })),
      tierExtraDiscount: row.tier_extra_discount,
      minQuantity: row.min_quantity,
      fastPicking: row.fast_picking,
      isKit: row.is_kit,
      subscription: row.subscription_frequencies ? { frequencies: [...row.subscription_frequencies] } : null,
      releaseDate: toDateString(row.release_date),
    }
  }

  private toVariant(product: ProductRow, v: VariantRow): Variant {
    return {
      sku: v.sku,
      name: v.name,
      gtin: v.gtin,
      price: centsToEuros(v.price_cents),
      listPrice: centsToEuros(v.list_price_cents),
      lowPrice: centsToEuros(v.low_price_cents),
      unitMultiplier: v.unit_multiplier,
      maxQuantity: v.max_quantity,
      images: variantImages(this.publicUrl(), v.sku, v.image_count, `${product.name} - ${v.name}`),
    }
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}

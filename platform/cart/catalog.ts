import type { Queryable } from '../db/types'
import type { GiftRule, PriceTierCents } from './pricing'

/** What an order-form line needs to know about its SKU, read fresh from the catalog. */
export interface CartVariant {
  sku: string
  variantName: string
  gtin: string
  priceCents: number
  listPriceCents: number
  lowPriceCents: number
  unitMultiplier: number
  maxQuantity: number
  imageCount: number
  productId: string
  productSlug: string
  productName: string
  isKit: boolean
  minQuantity: number
  priceTiers: PriceTierCents[]
  tierExtraDiscount: boolean
  categoryId: string
  /** False for gift-only products, which cannot be bought. */
  listed: boolean
  brand: string
  /** Every variant of the product with its stock signal (lowPrice 0 = out of stock). */
  siblings: { sku: string; lowPriceCents: number }[]
}

export async function loadCartVariants(db: Queryable, skus: readonly string[]): Promise<Map<string, CartVariant>> {
  if (skus.length === 0) return new Map()
  const rows = await db.query<CartVariant>(
    `SELECT v.sku, v.name AS "variantName", v.gtin, v.price_cents AS "priceCents", v.list_price_cents AS "listPriceCents",
            v.low_price_cents AS "lowPriceCents", v.unit_multiplier AS "unitMultiplier", v.max_quantity AS "maxQuantity",
            v.image_count AS "imageCount", p.id AS "productId", p.slug AS "productSlug", p.name AS "productName",
            p.is_kit AS "isKit", p.min_quantity AS "minQuantity", p.price_tiers AS "priceTiers",
            p.tier_extra_discount AS "tierExtraDiscount", p.category_id AS "categoryId", p.listed, b.name AS brand,
            (SELECT json_agg(json_build_object('sku', s.sku, 'lowPriceCents', s.low_price_cents) ORDER BY s.position)
               FROM variants s WHERE s.product_id = p.id) AS siblings
     FROM variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = p.brand_id
     WHERE v.sku = ANY($1::text[])`,
    [[...new Set(skus)]],
  )
  return new Map(rows.map((row) => [row.sku, row]))
}

/** Active gift promotions with the stock state of their gift. */
export async function loadGiftRules(db: Queryable): Promise<GiftRule[]> {
  return db.query<GiftRule>(
    `SELECT g.threshold_cents AS "thresholdCents", g.gift_sku AS "giftSku", v.low_price_cents > 0 AS available
     FROM gift_promotions g JOIN variants v ON v.sku = g.gift_sku
     WHERE g.active ORDER BY g.threshold_cents, g.id`,
  )
}

import sharp from 'sharp'
import type { Db } from '../db/types'
import { notFound } from '../lib/errors'
import { LruCache } from './lru'
import { productSvg, type PictureInput } from './svg'

export const MIN_WIDTH = 16
export const MAX_WIDTH = 1600

export function clampWidth(width: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)))
}

interface PictureRow {
  sku: string
  variant_name: string
  image_count: number
  product_name: string
  brand: string
  category_slug: string
}

/**
 * Renders product pictures to WebP at a requested width. Rendered buffers sit
 * in an LRU cache (by total bytes), and concurrent requests for the same
 * picture share one render.
 */
export class ProductImages {
  private readonly cache: LruCache<string, Buffer>
  private readonly inFlight = new Map<string, Promise<Buffer>>()

  constructor(
    private readonly db: Db,
    cacheBytes = 64 * 1024 * 1024,
  ) {
    this.cache = new LruCache(cacheBytes, (b) => b.length)
  }

  /** WebP bytes of picture `n` (1-based) of `sku`, `width` pixels square (clamped to 16–1600). */
  async render(sku: string, n: number, width: number): Promise<Buffer> {
    const size = clampWidth(width)
    const key = `${sku}/${n}/${size}`
    const cached = this.cache.get(key)
    if (cached) return cached
    const pending = this.inFlight.get(key)
    if (pending) return pending
    const job = this.draw(sku, n, size).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, job)
    const buffer = await job
    this.cache.set(key, buffer)
    return buffer
  }

  private async draw(sku: string, n: number, size: number): Promise<Buffer> {
    const [row] = await this.db.query<PictureRow>(
      `SELECT v.sku, v.name AS variant_name, v.image_count, p.name AS product_name, b.name AS brand, c.slug AS category_slug
       FROM variants v JOIN products p ON p.id = v.product_id JOIN brands b ON b.id = p.brand_id
       JOIN categories c ON c.id = p.category_id WHERE v.sku = $1`,
      [sku],
    )
    if (!row) throw notFound('UNKNOWN_SKU', `unknown sku ${sku}`)
    if (n < 1 || n > row.image_count) throw notFound('UNKNOWN_IMAGE', `sku ${sku} has images 1 to ${row.image_count}, not ${n}`)
    const input: PictureInput = {
      sku,
      n,
      brand: row.brand,
      productName: row.product_name,
      variantName: row.variant_name,
      categorySlug: row.category_slug,
    }
    return sharp(Buffer.from(productSvg(input, size))).resize(size, size).webp({ quality: 80 }).toBuffer()
  }
}

import sharp from 'sharp'
import type { Db } from '../db/types'
import { notFound } from '../lib/errors'
import { LRUCache } from 'lru-cache'
import { productSvg, type PictureInput } from './svg'

/**
 * The widths pictures are rendered at: every width the storefront's srcsets
 * ask for (minicart 50/100/150, gallery thumbnails 72/144, cards 160/320/640,
 * the gallery 360/560/840/1120, share previews 1200), a few more, and 1600.
 * Any other request is answered at the next width up, so one picture has at
 * most this many renderings however many `?w=` values are tried.
 */
export const IMAGE_WIDTHS = [16, 32, 50, 72, 100, 144, 150, 160, 240, 320, 360, 480, 560, 600, 640, 840, 1120, 1200, 1600] as const

const MAX_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!

export function snapWidth(width: number): number {
  return IMAGE_WIDTHS.find((step) => step >= width) ?? MAX_WIDTH
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
  private readonly cache: LRUCache<string, Buffer>
  private readonly inFlight = new Map<string, Promise<Buffer>>()

  constructor(
    private readonly db: Db,
    cacheBytes = 64 * 1024 * 1024,
  ) {
    this.cache = new LRUCache<string, Buffer>({ maxSize: cacheBytes, sizeCalculation: (b) => Math.max(1, b.length) })
  }

  /** WebP bytes of picture `n` (1-based) of `sku`, `width` pixels square, snapped up to the next of IMAGE_WIDTHS. */
  async render(sku: string, n: number, width: number): Promise<Buffer> {
    const size = snapWidth(width)
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

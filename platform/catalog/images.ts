import type { Image } from '../wire'

/** Absolute URL of a product picture; width is chosen by the client with `?w=`. */
export function imageUrl(publicUrl: string, sku: string, n: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/images/${encodeURIComponent(sku)}/${n}.webp`
}

export function variantImages(publicUrl: string, sku: string, count: number, alt: string): Image[] {
  return Array.from({ length: count }, (_, i) => ({ url: imageUrl(publicUrl, sku, i + 1), alternateName: alt }))
}

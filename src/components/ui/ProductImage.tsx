/**
 * A product picture from an image service that resizes it (the platform's
 * endpoint by `?w=`, VTEX's by the size in the path: `imageUrl` in
 * src/domain/images.ts): no image is processed at build time, and the browser
 * picks the width it needs from the srcset.
 *
 * A plain <img> with explicit width and height and the browser's own
 * `loading="lazy"`: lazy loading without layout shift, and no image
 * runtime. The srcset follows gatsby-plugin-image's `constrained` layout,
 * which the unit tests hold it to; the plugin itself is not in the pages,
 * since importing its `getImageData` brought its components into every
 * page's first load for one string (docs/dependencies.md).
 */
import { theme } from '../../config/theme'
import { imageUrl } from '../../domain/images'
import type { Image } from '../../domain/types'

/** The widest picture the endpoint serves: wider asks get this width. */
export const SOURCE_WIDTH = 1600

/**
 * The `fetchpriority` attribute. React 18.2 does not know the camelCase prop and drops it, so it is
 * passed in the lower case the HTML attribute has.
 */
export const highPriority = (high: boolean | undefined): Record<string, string> => (high ? { fetchpriority: 'high' } : {})

export interface ResponsiveImage {
  src: string
  srcSet: string
  sizes: string
}

/**
 * A square picture shown at most `width` CSS pixels wide, narrower on a narrower screen: the widths in
 * `breakpoints` and `width` itself, none past the source's, each once and in order.
 */
export function responsiveImage(baseUrl: string, width: number, breakpoints: number[]): ResponsiveImage {
  const shown = Math.min(width, SOURCE_WIDTH)
  const widths = [...new Set([...breakpoints.map((w) => Math.min(w, SOURCE_WIDTH)), shown])].sort((a, b) => a - b)
  return {
    src: imageUrl(baseUrl, shown),
    srcSet: widths.map((w) => `${imageUrl(baseUrl, w)} ${w}w`).join(',\n'),
    sizes: `(min-width: ${shown}px) ${shown}px, 100vw`,
  }
}

interface Props {
  image: Image
  width: number
  /** The widths the srcset offers besides `width`, for screens narrower than it and denser ones. */
  breakpoints: number[]
  loading?: 'eager' | 'lazy'
  /** The page's main picture (its largest paint): fetched ahead of other images. */
  priority?: boolean
  className?: string
}

export function ProductImage({ image, width, breakpoints, loading = 'lazy', priority, className }: Props) {
  const { src, srcSet, sizes } = responsiveImage(image.url, width, breakpoints)
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={width}
      alt={image.alternateName}
      loading={loading}
      decoding="async"
      {...highPriority(priority)}
      style={{ display: 'block', width: '100%', maxWidth: width, height: 'auto', aspectRatio: '1 / 1', backgroundColor: theme.colors.surfaceAlt }}
    />
  )
}

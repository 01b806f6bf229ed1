/**
 * A product picture from the platform's image endpoint, through
 * gatsby-plugin-image's URL builder: the endpoint resizes by `?w=`, so no
 * image is processed at build time and the browser picks the width it needs
 * from the srcset.
 *
 * It renders a plain <img> from `getImageData` rather than <GatsbyImage>:
 * the component's lazy-hydration runtime pulls react-dom/server into every
 * page's first-load JavaScript, while the browser's own
 * `loading="lazy"` and explicit width/height give the same lazy loading
 * without layout shift.
 */
import { getImageData, type IUrlBuilderArgs } from 'gatsby-plugin-image'
import type { Image } from '../../domain/types'
import { theme } from '../../config/theme'

/**
 * The `fetchpriority` attribute. React 18.2 does not know the camelCase prop and drops it, so it is
 * passed in the lower case the HTML attribute has.
 */
export const highPriority = (high: boolean | undefined): Record<string, string> => (high ? { fetchpriority: 'high' } : {})

export function imageUrl({ baseUrl, width }: Pick<IUrlBuilderArgs<unknown>, 'baseUrl' | 'width'>): string {
  return `${baseUrl}?w=${Math.round(width)}`
}

interface Props {
  image: Image
  width: number
  breakpoints?: number[]
  loading?: 'eager' | 'lazy'
  /** The page's main picture (its largest paint): fetched ahead of other images. */
  priority?: boolean
  className?: string
}

export function ProductImage({ image, width, breakpoints, loading = 'lazy', priority, className }: Props) {
  const data = getImageData({
    baseUrl: image.url,
    urlBuilder: imageUrl,
    width,
    height: width,
    layout: 'constrained',
    // The endpoint always answers WebP, so one plain srcset (no <source> per format) is enough.
    formats: ['auto'],
    breakpoints,
    sourceWidth: 1600,
    sourceHeight: 1600,
    pluginName: 'platform-images',
  })
  const fallback = data.images.fallback
  return (
    <img
      className={className}
      src={fallback?.src}
      srcSet={fallback?.srcSet}
      sizes={fallback?.sizes}
      width={data.width}
      height={data.height}
      alt={image.alternateName}
      loading={loading}
      decoding="async"
      {...highPriority(priority)}
      style={{ display: 'block', width: '100%', maxWidth: data.width, height: 'auto', aspectRatio: `${data.width} / ${data.height}`, backgroundColor: theme.colors.surfaceAlt }}
    />
  )
}

/**
 * A product picture from the platform's image endpoint, through
 * gatsby-plugin-image: the endpoint resizes by `?w=`, so no image is processed
 * at build time and the browser picks the width it needs from the srcset.
 */
import { GatsbyImage, getImageData, type IUrlBuilderArgs } from 'gatsby-plugin-image'
import type { Image } from '../../commerce/types'

export function imageUrl({ baseUrl, width }: Pick<IUrlBuilderArgs<unknown>, 'baseUrl' | 'width'>): string {
  return `${baseUrl}?w=${Math.round(width)}`
}

interface Props {
  image: Image
  width: number
  breakpoints?: number[]
  loading?: 'eager' | 'lazy'
  className?: string
}

export function ProductImage({ image, width, breakpoints, loading = 'lazy', className }: Props) {
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
    backgroundColor: '#F5F6F7',
  })
  return <GatsbyImage image={data} alt={image.alternateName} loading={loading} className={className} />
}

import { render } from '@testing-library/react'
import { getImageData } from 'gatsby-plugin-image'
import { ProductImage, responsiveImage, SOURCE_WIDTH } from './ProductImage'

const image = { url: 'http://127.0.0.1:9100/images/1001/1.webp', alternateName: 'Crocchette' }

describe('ProductImage', () => {
  it('asks the platform for each width of the srcset, with width and height against layout shift', () => {
    const { getByAltText } = render(<ProductImage image={image} width={240} breakpoints={[160, 240, 480]} />)
    const img = getByAltText('Crocchette') as HTMLImageElement
    expect(img.getAttribute('src')).toBe(`${image.url}?w=240`)
    expect(img.getAttribute('srcset')!.split(/,\s*/)).toEqual([`${image.url}?w=160 160w`, `${image.url}?w=240 240w`, `${image.url}?w=480 480w`])
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['240', '240'])
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.hasAttribute('fetchpriority')).toBe(false)
  })

  it('fetches the main picture first when asked', () => {
    const { getByAltText } = render(<ProductImage image={image} width={560} breakpoints={[360, 560]} loading="eager" priority />)
    const img = getByAltText('Crocchette')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
  })

  it('offers the srcset gatsby-plugin-image’s constrained layout would, for every picture the shop shows and the edge cases', () => {
    const cases: [number, number[]][] = [
      [320, [160, 320, 640]],
      [560, [360, 560, 840, 1120]],
      [72, [72, 144]],
      [48, [48, 96]],
      [64, [64, 128]],
      [88, [88, 176]],
      [120, [120, 240]],
      [240, [160, 240, 480]],
      // `width` missing from the breakpoints, breakpoints out of order or past the source, a width past it.
      [500, [100, 3000]],
      [300, [600, 150]],
      [1700, [1000, 2000]],
    ]
    for (const [width, breakpoints] of cases) {
      const reference = getImageData({
        baseUrl: image.url,
        urlBuilder: ({ baseUrl, width: w }) => `${baseUrl}?w=${Math.round(w)}`,
        width,
        height: width,
        layout: 'constrained',
        formats: ['auto'],
        breakpoints,
        sourceWidth: SOURCE_WIDTH,
        sourceHeight: SOURCE_WIDTH,
        pluginName: 'reference',
      }).images.fallback!
      expect(responsiveImage(image.url, width, breakpoints)).toEqual({ src: reference.src, srcSet: reference.srcSet, sizes: reference.sizes })
    }
  })
})

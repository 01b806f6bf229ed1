import { render } from '@testing-library/react'
import { getImageData } from 'gatsby-plugin-image'
import { imageUrl } from '../../domain/images'
import { ProductImage, responsiveImage, SOURCE_WIDTH } from './ProductImage'

// A build with a capability on VTEX (gatsby-config.ts) lets the pages ask VTEX's resizer.
const picturesBefore = process.env.GATSBY_VTEX_PICTURES
beforeAll(() => {
  process.env.GATSBY_VTEX_PICTURES = 'on'
})
afterAll(() => {
  process.env.GATSBY_VTEX_PICTURES = picturesBefore
})

const image = { url: 'http://127.0.0.1:9100/images/1001/1.webp', alternateName: 'Crocchette' }
/** Pictures as VTEX answers them: the catalog's (Intelligent Search) and a line's of Checkout's order form. */
const vtexCatalogImage = { url: 'https://storeframework.vtexassets.com/arquivos/ids/181666/ut.jpg?v=637755525053770000', alternateName: 'Crocchette' }
const vtexCartImage = { url: 'http://storeframework.vteximg.com.br/arquivos/ids/182417-55-55/aut.jpg?v=637755531474870000', alternateName: 'Lettiera' }

/** The srcset's entries as a browser reads them: an address and a width descriptor each. */
const srcsetEntries = (srcset: string) => srcset.split(/,\s+/).map((entry) => entry.trim().split(/\s+/))

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

  it('asks VTEX for a catalog picture at each width of the srcset, each address well formed with its cache buster', () => {
    const { getByAltText } = render(<ProductImage image={vtexCatalogImage} width={320} breakpoints={[160, 320, 640]} />)
    const img = getByAltText('Crocchette') as HTMLImageElement
    expect(img.getAttribute('src')).toBe('https://storeframework.vtexassets.com/arquivos/ids/181666-320-320/ut.jpg?v=637755525053770000')
    const entries = srcsetEntries(img.getAttribute('srcset')!)
    expect(entries).toEqual([160, 320, 640].map((w) => [`https://storeframework.vtexassets.com/arquivos/ids/181666-${w}-${w}/ut.jpg?v=637755525053770000`, `${w}w`]))
    for (const [address] of entries) {
      expect(address!.split('?')).toHaveLength(2)
      expect([...new URL(address!).searchParams.keys()]).toEqual(['v'])
    }
  })

  it('shows a cart line’s 55×55 Checkout thumbnail at the sizes the minicart asks, over https', () => {
    const { getByAltText } = render(<ProductImage image={vtexCartImage} width={55} breakpoints={[50, 100, 150]} />)
    const img = getByAltText('Lettiera') as HTMLImageElement
    expect(img.getAttribute('src')).toBe('https://storeframework.vteximg.com.br/arquivos/ids/182417-55-55/aut.jpg?v=637755531474870000')
    expect(srcsetEntries(img.getAttribute('srcset')!)).toEqual(
      [50, 55, 100, 150].map((w) => [`https://storeframework.vteximg.com.br/arquivos/ids/182417-${w}-${w}/aut.jpg?v=637755531474870000`, `${w}w`]),
    )
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
      for (const source of [image.url, vtexCatalogImage.url, vtexCartImage.url]) {
        const reference = getImageData({
          baseUrl: source,
          // The platform's endpoint written out; VTEX's through the builder, with the height the plugin asks.
          urlBuilder: ({ baseUrl, width: w, height: h }) => (baseUrl === image.url ? `${baseUrl}?w=${Math.round(w)}` : imageUrl(baseUrl, w, h)),
          width,
          height: width,
          layout: 'constrained',
          formats: ['auto'],
          breakpoints,
          sourceWidth: SOURCE_WIDTH,
          sourceHeight: SOURCE_WIDTH,
          pluginName: 'reference',
        }).images.fallback!
        expect(responsiveImage(source, width, breakpoints)).toEqual({ src: reference.src, srcSet: reference.srcSet, sizes: reference.sizes })
      }
    }
  })
})

import { render } from '@testing-library/react'
import { ProductImage } from './ProductImage'

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
    const { getByAltText } = render(<ProductImage image={image} width={560} loading="eager" priority />)
    const img = getByAltText('Crocchette')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
  })
})

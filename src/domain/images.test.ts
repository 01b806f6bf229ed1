import { loadRecordings } from '../commerce/vtex/testing/recordings'
import { imageSource, imageUrl } from './images'

// A build with a capability on VTEX (gatsby-config.ts) lets the pages ask VTEX's resizer.
const picturesBefore = process.env.GATSBY_VTEX_PICTURES
beforeAll(() => {
  process.env.GATSBY_VTEX_PICTURES = 'on'
})
afterAll(() => {
  process.env.GATSBY_VTEX_PICTURES = picturesBefore
})

/** Every picture address in VTEX's recorded answers (FastStore's recordings and VTEX's documented examples). */
function recordedPictures(): string[] {
  const found = new Set<string>()
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (/image/i.test(key) && /^https?:\/\//.test(value)) found.add(value)
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key))
    else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, name)
  }
  for (const recording of loadRecordings()) walk(recording.response.body, '')
  return [...found]
}

const VTEX_HOST = /\.(vtexassets\.com|vteximg\.com\.br)$/

describe('imageUrl', () => {
  it('asks VTEX for a catalog picture at the size in the path, keeping its cache buster as the only query', () => {
    // Intelligent Search's answer (FastStore's ProductQuery recording).
    const source = 'https://storeframework.vtexassets.com/arquivos/ids/186495/corporis.jpg?v=637755567185370000'
    expect(imageUrl(source, 100)).toBe('https://storeframework.vtexassets.com/arquivos/ids/186495-100-100/corporis.jpg?v=637755567185370000')
    expect(imageUrl(source, 320, 240)).toBe('https://storeframework.vtexassets.com/arquivos/ids/186495-320-240/corporis.jpg?v=637755567185370000')
  })

  it('replaces the 55×55 of a Checkout thumbnail by the size asked, over https', () => {
    // The order form's `imageUrl` (FastStore's ValidateCartMutation recording).
    const source = 'http://storeframework.vteximg.com.br/arquivos/ids/182417-55-55/aut.jpg?v=637755531474870000'
    expect(imageUrl(source, 150)).toBe('https://storeframework.vteximg.com.br/arquivos/ids/182417-150-150/aut.jpg?v=637755531474870000')
  })

  it('handles a picture without a cache buster or a name, and rounds the size to whole pixels', () => {
    expect(imageUrl('http://ambienteqa.vteximg.com.br/arquivos/ids/168952/7508800GG.jpg', 72.4)).toBe('https://ambienteqa.vteximg.com.br/arquivos/ids/168952-72-72/7508800GG.jpg')
    expect(imageUrl('https://instoreqa.vteximg.com.br/arquivos/ids/155602', 50)).toBe('https://instoreqa.vteximg.com.br/arquivos/ids/155602-50-50')
  })

  it('drops any query but the cache buster, and leaves a VTEX file outside the resizer as it is, over https', () => {
    expect(imageUrl('https://petstore.vtexassets.com/arquivos/ids/155602/robo.jpg?v=1&width=9&quality=8', 88)).toBe('https://petstore.vtexassets.com/arquivos/ids/155602-88-88/robo.jpg?v=1')
    expect(imageUrl('http://petstore.vtexassets.com/assets/vtex.file-manager-graphql/images/logo.png?v=2', 88)).toBe('https://petstore.vtexassets.com/assets/vtex.file-manager-graphql/images/logo.png?v=2')
  })

  it('keeps the platform’s image endpoint exactly as it was, `?w=` with the width', () => {
    expect(imageUrl('http://127.0.0.1:9100/images/1001/1.webp', 240)).toBe('http://127.0.0.1:9100/images/1001/1.webp?w=240')
    expect(imageUrl('https://piattaforma.zampa.it/images/1001/1.webp', 159.6)).toBe('https://piattaforma.zampa.it/images/1001/1.webp?w=160')
    // A host that only looks like VTEX's is not VTEX's.
    expect(imageUrl('https://vtexassets.com.example/arquivos/ids/1/a.jpg', 50)).toBe('https://vtexassets.com.example/arquivos/ids/1/a.jpg?w=50')
  })

  it('gives every picture VTEX answers a well-formed https address at the size asked', () => {
    const pictures = recordedPictures().filter((source) => VTEX_HOST.test(new URL(source).hostname))
    expect(pictures.length).toBeGreaterThan(10)
    expect(pictures.some((source) => source.startsWith('http://') && /-55-55\//.test(source))).toBe(true)
    for (const source of pictures) {
      const sized = imageUrl(source, 150)
      const url = new URL(sized)
      expect(url.protocol).toBe('https:')
      expect(sized.split('?').length).toBeLessThanOrEqual(2)
      expect([...url.searchParams.keys()].every((key) => key === 'v')).toBe(true)
      expect(url.searchParams.get('v')).toBe(new URL(source).searchParams.get('v'))
      expect(url.pathname).toMatch(/\/ids\/\d+-150-150(\/|$)/)
      expect(url.pathname).not.toMatch(/-55-55/)
    }
  })
})

describe('imageSource', () => {
  it('turns a Checkout thumbnail into the picture itself, over https, with its cache buster', () => {
    expect(imageSource('http://storeframework.vteximg.com.br/arquivos/ids/168396-55-55/nihil.jpg?v=637753027573130000')).toBe(
      'https://storeframework.vteximg.com.br/arquivos/ids/168396/nihil.jpg?v=637753027573130000',
    )
  })

  it('leaves other addresses as they are', () => {
    expect(imageSource('http://127.0.0.1:9100/images/1001/1.webp')).toBe('http://127.0.0.1:9100/images/1001/1.webp')
    const catalog = 'https://storeframework.vtexassets.com/arquivos/ids/186495/corporis.jpg?v=637755567185370000'
    expect(imageSource(catalog)).toBe(catalog)
  })
})

describe('a build with no capability on VTEX', () => {
  it('leaves VTEX’s address rules out: any picture takes the platform’s `?w=`', () => {
    process.env.GATSBY_VTEX_PICTURES = 'off'
    try {
      expect(imageUrl('https://storeframework.vtexassets.com/arquivos/ids/186495/corporis.jpg?v=1', 100)).toBe('https://storeframework.vtexassets.com/arquivos/ids/186495/corporis.jpg?v=1&w=100')
      expect(imageUrl('http://127.0.0.1:9100/images/1001/1.webp', 100)).toBe('http://127.0.0.1:9100/images/1001/1.webp?w=100')
    } finally {
      process.env.GATSBY_VTEX_PICTURES = 'on'
    }
  })
})

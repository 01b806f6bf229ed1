import { absoluteUrl, withTrailingSlash } from './url'

describe('base path trailing slash', () => {
  it('defaults to / and adds a missing trailing slash', () => {
    expect(withTrailingSlash(undefined)).toBe('/')
    expect(withTrailingSlash('')).toBe('/')
    expect(withTrailingSlash('/')).toBe('/')
    expect(withTrailingSlash('/negozio')).toBe('/negozio/')
    expect(withTrailingSlash('/negozio/')).toBe('/negozio/')
    expect(withTrailingSlash('https://shop.example.it')).toBe('https://shop.example.it/')
  })

  it('never adds one to .html, .xml or .pdf paths', () => {
    expect(withTrailingSlash('/sitemap.xml')).toBe('/sitemap.xml')
    expect(withTrailingSlash('/pagina.html')).toBe('/pagina.html')
    expect(withTrailingSlash('/volantino.PDF')).toBe('/volantino.PDF')
    expect(withTrailingSlash('/pdf-guide')).toBe('/pdf-guide/')
  })

  it('joins site paths onto the store address', () => {
    expect(absoluteUrl('http://127.0.0.1:9000', '/cane/p')).toBe('http://127.0.0.1:9000/cane/p')
    expect(absoluteUrl('https://example.it/negozio', '/cane')).toBe('https://example.it/negozio/cane')
    expect(absoluteUrl('https://example.it', '/')).toBe('https://example.it/')
  })
})

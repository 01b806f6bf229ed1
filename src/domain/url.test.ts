import { absoluteUrl, sitePath, withTrailingSlash } from './url'

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

describe('sitePath', () => {
  it('keeps paths of this site, with query and hash, normalised', () => {
    expect(sitePath('/cane/cibo-secco')).toBe('/cane/cibo-secco')
    expect(sitePath('/s?q=crocchette#risultati')).toBe('/s?q=crocchette#risultati')
    expect(sitePath('/a/../b')).toBe('/b')
    expect(sitePath('/crocchette per cani')).toBe('/crocchette%20per%20cani')
  })

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /x',
    'evil.example',
    '',
    '/.//evil.example',
  ])('refuses %j', (raw) => {
    expect(sitePath(raw)).toBeNull()
  })

  it('refuses what the router decoded from %5C and %2F', () => {
    expect(sitePath(new URLSearchParams('from=/%5Cevil.example').get('from'))).toBeNull()
    expect(sitePath(new URLSearchParams('from=%2F%2Fevil.example').get('from'))).toBeNull()
    expect(sitePath(null)).toBeNull()
  })
})

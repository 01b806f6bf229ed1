import { safeReturnUrl } from './return-url'

describe('safeReturnUrl', () => {
  const origins = ['http://127.0.0.1:9100', 'http://127.0.0.1:9000', 'https://www.zampa.example.it']

  it.each([
    ['/account', '/account'],
    ['/s?q=cane#top', '/s?q=cane#top'],
    ['http://127.0.0.1:9000/checkout?x=1', 'http://127.0.0.1:9000/checkout?x=1'],
    ['https://www.zampa.example.it/', 'https://www.zampa.example.it/'],
    ['HTTPS://WWW.ZAMPA.EXAMPLE.IT/cane', 'https://www.zampa.example.it/cane'],
  ])('allows %s', (raw, expected) => {
    expect(safeReturnUrl(raw, origins, '/fallback')).toBe(expected)
  })

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['/\tevil.example'],
    ['https://evil.example/'],
    ['http://127.0.0.1.evil.example/'],
    // Same host name, another port or scheme: not a configured origin.
    ['http://127.0.0.1:9999/'],
    ['http://www.zampa.example.it/'],
    ['javascript:alert(1)'],
    ['http://user:pw@127.0.0.1:9000/'],
    [''],
    ['relative/path'],
  ])('rejects %s', (raw) => {
    expect(safeReturnUrl(raw, origins, '/fallback')).toBe('/fallback')
  })

  // An allowed origin whose path a browser or a server reads as another host: `//host` after the storefront's
  // own redirects, dot segments resolved, percent-encoding decoded.
  it.each([
    ['http://127.0.0.1:9000//evil.example/'],
    ['http://127.0.0.1:9000///evil.example/'],
    ['http://127.0.0.1:9000/.//evil.example/'],
    ['http://127.0.0.1:9000/cane/..//evil.example/'],
    ['http://127.0.0.1:9000/%2F%2Fevil.example/'],
    ['http://127.0.0.1:9000/%2fevil.example/'],
    ['http://127.0.0.1:9000/%5Cevil.example/'],
    ['http://127.0.0.1:9000/%2e//evil.example/'],
    ['/.//evil.example/'],
    ['/%2F%2Fevil.example/'],
    ['/%5Cevil.example'],
    ['/%E0%A4%A'],
  ])('rejects %s: its path, read as a browser or a server reads it, leaves the site or cannot be read', (raw) => {
    expect(safeReturnUrl(raw, origins, '/fallback')).toBe('/fallback')
  })

  it('rejects non-strings, and with no origin configured allows only paths', () => {
    expect(safeReturnUrl(['/a'], origins, '/f')).toBe('/f')
    expect(safeReturnUrl('http://127.0.0.1:9000/', [], '/f')).toBe('/f')
    expect(safeReturnUrl('/a', [], '/f')).toBe('/a')
  })
})

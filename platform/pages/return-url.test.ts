import { safeReturnUrl } from './return-url'

describe('safeReturnUrl', () => {
  const host = '127.0.0.1:9100'

  it.each([
    ['/account', '/account'],
    ['/s?q=cane#top', '/s?q=cane#top'],
    ['http://127.0.0.1:9000/checkout?x=1', 'http://127.0.0.1:9000/checkout?x=1'],
    ['https://127.0.0.1/', 'https://127.0.0.1/'],
  ])('allows %s', (raw, expected) => {
    expect(safeReturnUrl(raw, host, '/fallback')).toBe(expected)
  })

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['http://127.0.0.1.evil.example/'],
    ['javascript:alert(1)'],
    ['http://user:pw@127.0.0.1/'],
    [''],
    ['relative/path'],
  ])('rejects %s', (raw) => {
    expect(safeReturnUrl(raw, host, '/fallback')).toBe('/fallback')
  })

  it('rejects non-strings and works without a host header only for paths', () => {
    expect(safeReturnUrl(['/a'], host, '/f')).toBe('/f')
    expect(safeReturnUrl('http://127.0.0.1/', undefined, '/f')).toBe('/f')
    expect(safeReturnUrl('/a', undefined, '/f')).toBe('/a')
  })
})

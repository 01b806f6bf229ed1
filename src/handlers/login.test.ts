import { shopperOrigin } from './login'

describe('the origin a login goes out from and comes back to', () => {
  it('is the one the request was sent to when no proxy rewrites Host', () => {
    expect(shopperOrigin('https://www.shop.it', 'https://www.shop.it/cane', [])).toBe('https://www.shop.it')
    expect(shopperOrigin('https://www.shop.it', 'https://www.shop.it/cane', ['https://www.shop.it'])).toBe('https://www.shop.it')
  })

  it('behind a proxy that rewrites Host, is the public origin SITE_ORIGINS lists that the page came from, else the first listed', () => {
    const listed = ['https://www.shop.it', 'https://shop.it']
    expect(shopperOrigin('http://10.0.0.5:9000', 'https://shop.it/gatto', listed)).toBe('https://shop.it')
    expect(shopperOrigin('http://10.0.0.5:9000', '/gatto', listed)).toBe('https://www.shop.it')
    // A page of an origin not listed chooses nothing: the way back stays on the shop's own.
    expect(shopperOrigin('http://10.0.0.5:9000', 'https://evil.example/x', listed)).toBe('https://www.shop.it')
  })
})

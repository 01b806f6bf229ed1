import { indexable, robotsTxt, sitemapFiles } from './sitemap'

describe('sitemap', () => {
  it('lists content pages with absolute addresses, leaving out search, confirmations, errors and app variants', () => {
    const [file, ...rest] = sitemapFiles('https://shop.example.it', ['/', '/cane', '/crocchette/p', '/s', '/404', '/404.html', '/added-to-cart', '/app/chi-siamo', '/chi-siamo', '/cane'])
    expect(rest).toEqual([])
    expect(file!.name).toBe('sitemap.xml')
    const locs = [...file!.content.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(['https://shop.example.it/', 'https://shop.example.it/cane', 'https://shop.example.it/chi-siamo', 'https://shop.example.it/crocchette/p'])
    expect(indexable('/marca/zampa-amica')).toBe(true)
  })

  it('leaves out the pages that are actions, not content: the logout and the guest-order lookup', () => {
    const locs = [...sitemapFiles('https://shop.example.it', ['/', '/logout', '/guest-order', '/chi-siamo'])[0]!.content.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(['https://shop.example.it/', 'https://shop.example.it/chi-siamo'])
    expect(indexable('/logout')).toBe(false)
  })

  it('splits into numbered files under a sitemap index past the chunk size', () => {
    const files = sitemapFiles('https://shop.example.it', ['/a', '/b', '/c', '/d', '/e'], 2)
    expect(files.map((f) => f.name)).toEqual(['sitemap.xml', 'sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml'])
    expect(files[0]!.content).toContain('<sitemapindex')
    expect(files[0]!.content).toContain('<loc>https://shop.example.it/sitemap-2.xml</loc>')
    expect(files[3]!.content).toContain('<loc>https://shop.example.it/e</loc>')
  })

  it('escapes XML in addresses', () => {
    expect(sitemapFiles('https://x.it', ['/a&b'])[0]!.content).toContain('https://x.it/a&amp;b')
  })

  it('writes robots.txt pointing at the sitemap and keeping crawlers out of the Functions and search results', () => {
    const robots = robotsTxt('https://shop.example.it')
    expect(robots).toContain('Disallow: /api/')
    expect(robots).toContain('Disallow: /s?')
    expect(robots).toContain('Sitemap: https://shop.example.it/sitemap.xml')
  })
})

import sharp from 'sharp'
import { BrandList, CategoryList, ProductPage, Product, SearchResult, type Facet } from '../wire'
import { call, createTestPlatform, type TestPlatform } from '../testing/app'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(60)
})
afterAll(() => platform.close())

const get = (url: string) => call(platform, 'GET', url)
const search = async (query: string) => {
  const response = await get(`/api/catalog/search?${query}`)
  expect(response.status).toBe(200)
  return SearchResult.parse(response.json())
}
const facet = (result: SearchResult, key: string): Facet | undefined => result.facets.find((f) => f.key === key)

describe('catalog', () => {
  it('answers health', async () => {
    const response = await get('/api/health')
    expect(response.status).toBe(200)
    expect(response.json()).toEqual({ ok: true })
  })

  it('lists categories by level and position', async () => {
    const { items } = CategoryList.parse((await get('/api/catalog/categories')).json())
    expect(items[0]).toMatchObject({ slug: 'cane', level: 1, parentId: null, position: 0 })
    const levels = items.map((c) => c.level)
    expect(levels).toEqual([...levels].sort((a, b) => a - b))
    expect(items.some((c) => c.slug === 'cane/cibo-secco/adult/taglia-piccola' && c.level === 4)).toBe(true)
  })

  it('lists brands', async () => {
    const { items } = BrandList.parse((await get('/api/catalog/brands')).json())
    expect(items.length).toBeGreaterThanOrEqual(40)
    expect(items.some((b) => b.privateLabel)).toBe(true)
  })

  it('pages products in a stable order and hides gift-only products', async () => {
    const first = ProductPage.parse((await get('/api/catalog/products?page=0&pageSize=25')).json())
    const second = ProductPage.parse((await get('/api/catalog/products?page=1&pageSize=25')).json())
    const last = ProductPage.parse((await get('/api/catalog/products?page=2&pageSize=25')).json())
    expect(first.total).toBe(60)
    expect([first.items.length, second.items.length, last.items.length]).toEqual([25, 25, 10])
    const ids = [...first.items, ...second.items, ...last.items].map((p) => p.id)
    expect(new Set(ids).size).toBe(60)
    expect(ids).not.toContain('999001')
    const again = ProductPage.parse((await get('/api/catalog/products?page=0&pageSize=25')).json())
    expect(again.items.map((p) => p.id)).toEqual(first.items.map((p) => p.id))
  })

  it('serves absolute image URLs without a query string', async () => {
    const page = ProductPage.parse((await get('/api/catalog/products?pageSize=1')).json())
    const image = page.items[0]?.variants[0]?.images[0]
    expect(image?.url).toMatch(new RegExp(`^${platform.url}/images/\\d+/1\\.webp$`))
  })

  it.each([
    ['page=-1', 'page must be at least 0'],
    ['pageSize=501', 'pageSize must be at most 500'],
    ['pageSize=0', 'pageSize must be at least 1'],
    ['page=abc', 'page must be number'],
  ])('rejects %s with 400', async (query, message) => {
    const response = await get(`/api/catalog/products?${query}`)
    expect(response.status).toBe(400)
    expect(response.json().error.message).toContain(message)
  })

  it('returns a product by slug, 404 for an unknown one', async () => {
    const page = ProductPage.parse((await get('/api/catalog/products?pageSize=1')).json())
    const slug = page.items[0]?.slug ?? ''
    const response = await get(`/api/catalog/products/${slug}`)
    expect(response.status).toBe(200)
    const product = Product.parse(response.json())
    expect(product.slug).toBe(slug)
    expect(product.categoryPath[0]?.slug).toBe(product.categoryPath.at(-1)?.slug.split('/')[0])
    const missing = await get('/api/catalog/products/non-esiste')
    expect(missing.status).toBe(404)
    expect(missing.json()).toEqual({ error: { code: 'UNKNOWN_PRODUCT', message: 'no product has slug "non-esiste"' } })
  })

  it('answers the loyalty multiplier of a sku, 404 for unknown skus', async () => {
    const [row] = await platform.db.query<{ sku: string; m: number }>('SELECT sku, loyalty_multiplier::int AS m FROM variants ORDER BY sku LIMIT 1')
    const response = await get(`/api/catalog/skus/${row?.sku}/loyalty`)
    expect(response.json()).toEqual({ sku: row?.sku, multiplier: row?.m })
    const missing = await get('/api/catalog/skus/123/loyalty')
    expect(missing.status).toBe(404)
    expect(missing.json().error.message).toBe('unknown sku 123')
  })

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await get('/api/nope')
    expect(response.status).toBe(404)
    expect(response.json().error.code).toBe('NOT_FOUND')
  })
})

describe('search', () => {
  it('finds products by a word prefix, in Italian, ignoring accents', async () => {
    const result = await search('q=crocch')
    expect(result.total).toBeGreaterThan(0)
    for (const p of result.products) expect(`${p.name} ${p.description}`.toLowerCase()).toContain('crocchett')
    expect(result.products[0]?.name).toMatch(/^Crocchette /)
    const stemmed = await search('q=crocchetta')
    expect(stemmed.total).toBe(result.total)
    const accented = await search(`q=${encodeURIComponent('câlin')}`)
    const plain = await search('q=calin')
    expect(plain.total).toBe(accented.total)
  })

  it('searches brand and category names too', async () => {
    const { items } = BrandList.parse((await get('/api/catalog/brands')).json())
    const withProducts = await search('pageSize=1')
    const brandValue = facet(withProducts, 'brand')?.values[0]
    const brand = items.find((b) => b.slug === brandValue?.value)
    const result = await search(`q=${encodeURIComponent(brand?.name ?? '')}`)
    expect(result.total).toBeGreaterThanOrEqual(brandValue?.quantity ?? 1)
    expect((await search('q=gatto')).products.length).toBeGreaterThan(0)
  })

  it('returns nothing for unknown words, with no correction', async () => {
    const result = await search('q=zzzqqq')
    expect(result.total).toBe(0)
    expect(result.correction).toBeUndefined()
  })

  it('forgives a typo: a term that finds nothing gets the results of its closest catalog words, and says which', async () => {
    const exact = await search('q=crocchette')
    expect(exact.total).toBeGreaterThan(0)
    expect(exact.correction).toBeUndefined()
    const typo = await search('q=crochette')
    expect(typo.correction).toEqual({ term: 'crocchette' })
    expect([typo.total, typo.products.map((p) => p.id)]).toEqual([exact.total, exact.products.map((p) => p.id)])
    // A word the catalog knows is kept: only the misspelt one changes.
    const mixed = await search('q=crochette+cane')
    expect(mixed.correction).toEqual({ term: 'crocchette cane' })
    expect(mixed.total).toBe((await search('q=crocchette+cane')).total)
  })

  it('filters by a category and its descendants', async () => {
    const all = await search('pageSize=100')
    const cane = await search('category=cane&pageSize=100')
    expect(cane.total).toBeGreaterThan(0)
    expect(cane.total).toBeLessThan(all.total)
    for (const p of cane.products) expect(p.categoryPath[0]?.slug).toBe('cane')
    const children = facet(cane, 'category')
    expect(children?.values.every((v) => v.value.startsWith('cane/'))).toBe(true)
    expect(children?.values.reduce((n, v) => n + v.quantity, 0)).toBe(cane.total)
    const unknown = await get('/api/catalog/search?category=nessuna')
    expect(unknown.status).toBe(404)
  })

  it('filters by brand and property facets, counting against the other selections', async () => {
    const base = await search('category=cane&pageSize=100')
    const brand = facet(base, 'brand')?.values[0]
    const filtered = await search(`category=cane&fq=brand:${brand?.value}&pageSize=100`)
    expect(filtered.total).toBe(brand?.quantity)
    expect(filtered.products.every((p) => p.brand.slug === brand?.value)).toBe(true)
    const brandFacet = facet(filtered, 'brand')
    expect(brandFacet?.values.find((v) => v.value === brand?.value)?.selected).toBe(true)
    expect(brandFacet?.values.length).toBe(facet(base, 'brand')?.values.length)

    const species = facet(filtered, 'specie')?.values[0]
    const both = await search(`category=cane&fq=brand:${brand?.value}&fq=specie:${species?.value}&pageSize=100`)
    expect(both.total).toBe(species?.quantity)
    expect(both.products.every((p) => p.properties.some((x) => x.name === 'Specie'))).toBe(true)
  })

  it('offers price ranges and filters by them', async () => {
    const base = await search('pageSize=100')
    const price = facet(base, 'price')
    expect(price?.values.map((v) => v.value).every((v) => ['0-10', '10-25', '25-50', '50-100', '100-*'].includes(v))).toBe(true)
    expect(price?.values.reduce((n, v) => n + v.quantity, 0)).toBe(base.total)
    const cheap = await search('fq=price:0-10&pageSize=100')
    expect(cheap.total).toBe(price?.values.find((v) => v.value === '0-10')?.quantity)
    for (const p of cheap.products) expect(Math.min(...p.variants.map((v) => v.price))).toBeLessThan(10)
  })

  it.each([
    ['price_asc', (p: Product) => Math.min(...p.variants.map((v) => v.price)), 1],
    ['price_desc', (p: Product) => Math.min(...p.variants.map((v) => v.price)), -1],
    ['release_desc', (p: Product) => p.releaseDate, -1],
    ['name_asc', (p: Product) => p.name.toLowerCase(), 1],
  ] as const)('sorts by %s', async (sort, key: (p: Product) => number | string, direction) => {
    const { products } = await search(`sort=${sort}&pageSize=100`)
    const keys = products.map((p) => key(p))
    const sorted = [...keys].sort((a, b) => (a < b ? -direction : a > b ? direction : 0))
    expect(keys).toEqual(sorted)
  })

  it('pages results without overlap', async () => {
    const a = await search('sort=name_asc&page=0&pageSize=10')
    const b = await search('sort=name_asc&page=1&pageSize=10')
    expect(a.products.map((p) => p.id).filter((id) => b.products.some((p) => p.id === id))).toEqual([])
    expect(b.page).toBe(1)
  })

  it.each([
    ['sort=cheapest', 400, 'sort must be one of'],
    ['page=-2', 400, 'page must be at least 0'],
    ['fq=nokey', 400, 'fq must look like key:value'],
    ['fq=colore-preferito:rosso', 400, 'unknown facet key'],
    ['fq=price:abc', 400, 'price filter'],
    ['brand=sconosciuto', 404, 'unknown brand'],
  ])('rejects %s', async (query, status, message) => {
    const response = await get(`/api/catalog/search?${query}`)
    expect(response.status).toBe(status)
    expect(response.json().error.message).toContain(message)
  })
})

describe('images', () => {
  it('renders a webp of the requested width with long-lived caching', async () => {
    const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants ORDER BY sku LIMIT 1')
    const response = await get(`/images/${row?.sku}/1.webp?w=144`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(response.body).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 144, 144])
    const again = await get(`/images/${row?.sku}/1.webp?w=144`)
    expect(again.body.equals(response.body)).toBe(true)
  })

  it('snaps the width up to the next fixed size, so distinct ?w= values cannot force new renders', async () => {
    const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants ORDER BY sku LIMIT 1')
    const widthOf = async (w: string) => (await sharp((await get(`/images/${row?.sku}/1.webp?w=${w}`)).body).metadata()).width
    expect(await widthOf('2')).toBe(16)
    expect(await widthOf('55')).toBe(72)
    expect(await widthOf('100')).toBe(100)
    expect(await widthOf('99999')).toBe(1600)
    const a = await get(`/images/${row?.sku}/1.webp?w=161`)
    const b = await get(`/images/${row?.sku}/1.webp?w=239.5`)
    expect(a.body.equals(b.body)).toBe(true)
  })

  it('answers 404 for unknown skus or pictures and 400 for a bad width', async () => {
    const [row] = await platform.db.query<{ sku: string; n: number }>('SELECT sku, image_count::int AS n FROM variants ORDER BY sku LIMIT 1')
    expect((await get('/images/404404/1.webp')).status).toBe(404)
    expect((await get(`/images/${row?.sku}/${(row?.n ?? 0) + 1}.webp`)).status).toBe(404)
    expect((await get(`/images/${row?.sku}/1.png`)).status).toBe(404)
    expect((await get(`/images/${row?.sku}/1.webp?w=abc`)).status).toBe(400)
  })
})

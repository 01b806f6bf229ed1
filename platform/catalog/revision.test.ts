import { CatalogRevision } from '../wire'
import { call, createTestPlatform, TEST_ADMIN_TOKEN, type TestPlatform } from '../testing/app'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(20)
})
afterAll(() => platform.close())

const revision = async (): Promise<string> => {
  const response = await call(platform, 'GET', '/api/catalog/revision')
  expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'no-store'])
  return CatalogRevision.parse(response.json()).revision
}
const firstSku = async (): Promise<string> => (await platform.db.query<{ sku: string }>('SELECT sku FROM variants ORDER BY sku LIMIT 1'))[0]!.sku

describe('catalog revision', () => {
  it('stays the same while nothing changes, and reading the catalog changes nothing', async () => {
    const before = await revision()
    await call(platform, 'GET', '/api/catalog/products?pageSize=20')
    await call(platform, 'GET', '/api/catalog/search?q=cane')
    expect(await revision()).toBe(before)
  })

  it('advances after a price change through the admin endpoint, and not after a refused one', async () => {
    const sku = await firstSku()
    const before = await revision()
    const refused = await call(platform, 'PATCH', `/api/admin/skus/${sku}`, { json: { price: 1 }, headers: { 'x-admin-token': 'wrong' } })
    const unknown = await call(platform, 'PATCH', '/api/admin/skus/000', { json: { price: 1 }, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })
    expect([refused.status, unknown.status]).toEqual([403, 404])
    expect(await revision()).toBe(before)
    const patch = await call(platform, 'PATCH', `/api/admin/skus/${sku}`, { json: { price: 9.99 }, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })
    expect(patch.status).toBe(200)
    const after = await revision()
    expect(after).not.toBe(before)
    expect(after.split('.')[0]).toBe(before.split('.')[0])
  })

  it.each([
    ['a category renamed', "UPDATE categories SET name = name || ' ' WHERE level = 1 AND position = 0"],
    ['a brand changed', "UPDATE brands SET private_label = NOT private_label WHERE id = (SELECT min(id) FROM brands)"],
    ['a product hidden', 'UPDATE products SET listed = false WHERE id = (SELECT min(id) FROM products)'],
    ['a property added', "INSERT INTO product_properties (product_id, position, name, value, name_slug, value_slug) SELECT id, 99, 'Prova', 'sì', 'prova', 'si' FROM products ORDER BY id LIMIT 1"],
  ])('advances after %s by SQL, whoever runs it', async (_name, sql) => {
    const before = await revision()
    await platform.db.query(sql)
    expect(await revision()).not.toBe(before)
  })

  it('a search asked afresh answers a change made behind the platform’s back, which its read cache does not', async () => {
    const query = '/api/catalog/search?pageSize=100&sort=name_asc'
    const names = async (fresh: boolean) =>
      ((await call(platform, 'GET', query, fresh ? { headers: { 'cache-control': 'no-cache' } } : {})).json() as { products: { name: string }[] }).products.map((p) => p.name)
    const before = await names(false)
    await platform.db.query("UPDATE products SET name = 'Prodotto rinominato' WHERE id = (SELECT min(id) FROM products WHERE listed)")
    expect(await names(false)).toEqual(before)
    expect(await names(true)).toContain('Prodotto rinominato')
  })

  it('differs between two databases seeded alike', async () => {
    const other = await createTestPlatform(20)
    try {
      const theirs = CatalogRevision.parse((await call(other, 'GET', '/api/catalog/revision')).json()).revision
      expect(theirs.split('.')[0]).not.toBe((await revision()).split('.')[0])
    } finally {
      await other.close()
    }
  })
})

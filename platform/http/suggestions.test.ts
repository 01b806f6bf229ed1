import { Suggestions } from '../wire'
import { call, createTestPlatform, type TestPlatform } from '../testing/app'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(60)
})
afterAll(() => platform.close())

describe('suggestions', () => {
  it('answers completions of a prefix and matching products', async () => {
    const [row] = await platform.db.query<{ name: string }>('SELECT name FROM products WHERE listed ORDER BY position LIMIT 1')
    const word = row!.name.split(' ')[0]!.toLowerCase()
    const response = await call(platform, 'GET', `/api/catalog/suggestions?q=${encodeURIComponent(word.slice(0, 4))}&terms=3&products=2`)
    expect(response.status).toBe(200)
    const answer = Suggestions.parse(response.json())
    expect(answer.terms.length).toBeGreaterThan(0)
    expect(answer.terms.length).toBeLessThanOrEqual(3)
    expect(answer.terms.every((t) => t.value.startsWith(word.slice(0, 4).normalize('NFD').replace(/[\u0300-\u036f]/g, '')))).toBe(true)
    expect(answer.products.length).toBeGreaterThan(0)
    expect(answer.products.length).toBeLessThanOrEqual(2)
  })

  it('answers nothing for an empty or unknown query and 400 for a bad limit', async () => {
    expect(Suggestions.parse((await call(platform, 'GET', '/api/catalog/suggestions?q=')).json())).toEqual({ terms: [], products: [] })
    expect(Suggestions.parse((await call(platform, 'GET', '/api/catalog/suggestions?q=zzzqqq')).json())).toEqual({ terms: [], products: [] })
    expect((await call(platform, 'GET', '/api/catalog/suggestions?q=a&terms=99')).status).toBe(400)
  })
})

/** The search Functions against a real embedded platform: the URL's state in, a page of results out. */
import type { SearchResults } from '../../src/domain/search/query'
import type { Suggestions } from '../../src/domain/types'
import { call, startHarness, type Harness } from './harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness({
    'search/results': () => import('../../src/api/search/results'),
    'search/suggestions': () => import('../../src/api/search/suggestions'),
  })
}, 120_000)

afterAll(async () => {
  await h?.close()
})

const results = async (query: string) => {
  const answer = await call(`${h.siteUrl}/api/search/results?${query}`)
  return { status: answer.status, body: answer.json as unknown as SearchResults, error: answer.json?.error }
}

describe('search results Function', () => {
  it('answers a category view with products, facets named as the URL names them, and chip labels', async () => {
    const { status, body } = await results('category-1=cane&facets=category-1&sort=score_desc&page=0')
    expect(status).toBe(200)
    expect(body.total).toBeGreaterThan(0)
    expect(body.products.length).toBeLessThanOrEqual(24)
    expect(body.products[0]).toEqual(expect.objectContaining({ slug: expect.any(String), hasVariant: expect.any(Array) }))
    const child = body.facets.find((f) => f.key === 'category-2')
    expect(child?.values.length).toBeGreaterThan(0)
    expect(child?.values[0]?.value).not.toContain('/')
    expect(body.selected).toEqual([{ key: 'category-1', value: 'cane', label: 'Cane' }])
  })

  it('narrows by a child category and a brand, and pages', async () => {
    const all = await results('category-1=cane&facets=category-1')
    const sub = all.body.facets.find((f) => f.key === 'category-2')!.values[0]!
    const narrowed = await results(`category-1=cane&category-2=${sub.value}&facets=category-1,category-2`)
    expect(narrowed.body.total).toBe(sub.quantity)
    expect(narrowed.body.selected[1]).toEqual({ key: 'category-2', value: sub.value, label: sub.label })

    const brand = all.body.facets.find((f) => f.key === 'brand')!.values[0]!
    const branded = await results(`category-1=cane&brand=${brand.value}&facets=category-1,brand`)
    expect(branded.body.total).toBe(brand.quantity)
    expect(branded.body.facets.find((f) => f.key === 'brand')!.values.find((v) => v.value === brand.value)?.selected).toBe(true)

    const second = await results('category-1=cane&facets=category-1&page=1')
    expect(second.body.page).toBe(1)
    if (all.body.total > 24) expect(second.body.products[0]?.id).not.toBe(all.body.products[0]?.id)
  })

  it('searches a term and sorts by price', async () => {
    const { body } = await results('q=cibo&sort=price_asc')
    const prices = body.products.map((p) => Math.min(...p.hasVariant.map((v) => v.offers.price)))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('offers searches that find something when a term finds nothing, each of which finds products (req SEARCH-15)', async () => {
    const { status, body } = await results('q=cibo%20qwzxv')
    expect(status).toBe(200)
    expect(body.total).toBe(0)
    expect(body.alternatives?.length).toBeGreaterThan(0)
    expect(body.alternatives!.length).toBeLessThanOrEqual(5)
    expect(body.alternatives![0]).toMatch(/^cibo/)
    for (const alternative of body.alternatives!) expect((await results(`q=${encodeURIComponent(alternative)}`)).body.total).toBeGreaterThan(0)
    // A term that finds something, or nothing only through its filters, is offered nothing else.
    expect((await results('q=cibo')).body.alternatives).toBeUndefined()
    const brand = (await results('q=cibo')).body.facets.find((f) => f.key === 'brand')!.values[0]!.value
    expect((await results(`q=cibo%20qwzxv&brand=${brand}&facets=brand`)).body.alternatives).toBeUndefined()
  })

  it('answers 400 for an unknown sort, a bad page or an unknown facet key, and 404 for an unknown brand', async () => {
    expect((await results('sort=cheapest')).status).toBe(400)
    expect((await results('page=-1')).status).toBe(400)
    expect((await results('page=abc')).error?.message).toMatch(/page/)
    expect((await results('facets=colour-of-moon&colour-of-moon=x')).status).toBe(400)
    expect((await results('facets=brand&brand=no-such-brand')).status).toBe(404)
  })
})

describe('search suggestions Function', () => {
  it('answers terms and products for a prefix', async () => {
    const answer = await call(`${h.siteUrl}/api/search/suggestions?q=cib`)
    expect(answer.status).toBe(200)
    const body = answer.json as unknown as Suggestions
    expect(body.terms.length).toBeGreaterThan(0)
    expect(body.terms.length).toBeLessThanOrEqual(5)
    expect(body.products.length).toBeLessThanOrEqual(4)
  })

  it('answers 400 without a term', async () => {
    const answer = await call(`${h.siteUrl}/api/search/suggestions?q=%20`)
    expect(answer.status).toBe(400)
    expect(answer.json.error?.message).toMatch(/q must not be empty/)
  })
})

/**
 * The catalog adapter on the answers VTEX publishes as its own examples (the vendored Intelligent Search
 * schema, src/commerce/vtex/openapi/, kept as fixtures in testing/recordings/openapi/), replayed unchanged:
 * what the simulator answers is what we believed, these are what VTEX says it sends.
 */
import { vtexCatalog } from './catalog'
import type { VtexClient } from './client'
import { vtexSettings } from './settings'
import { recordingsFor } from './testing/recordings'

/** VTEX's documented 200 example of an Intelligent Search operation (testing/recordings/openapi/). */
const example = (operation: string) => recordingsFor('GET', operation, { kind: 'documented example' }).find((r) => r.response.status === 200)!.response.body as Record<string, unknown>

const NOTHING = { products: [], recordsFiltered: 0 }

/** A client answering each Intelligent Search route from `answers`, keeping the paths it was asked. */
function replay(answers: (route: string, query: URLSearchParams) => unknown): { client: VtexClient; asked: string[] } {
  const asked: string[] = []
  const settings = vtexSettings({ COMMERCE: 'vtex', VTEX_ACCOUNT: 'apiexamples', VTEX_SALES_CHANNEL: '1', VTEX_STORE_URL: 'https://www.example.it' })
  const client: VtexClient = {
    settings,
    async call(target) {
      asked.push(target)
      const url = new URL(target, 'https://apiexamples.vtexcommercestable.com.br')
      const route = url.pathname.replace('/api/io/_v/api/intelligent-search/', '').split('/')[0]!
      return { status: 200, body: answers(route, url.searchParams) }
    },
  }
  return { client, asked }
}

describe('the published Intelligent Search examples', () => {
  it('reads a product search with its facets, a price range given by its range alone', async () => {
    const { client } = replay((route) => (route === 'facets' ? example('/facets/{facets}') : example('/product_search/{facets}')))
    const result = await vtexCatalog(client).search({ term: 'shirt', category: null, filters: [], sort: 'score_desc', page: 0, pageSize: 5 })
    expect(result.total).toBe(example('/product_search/{facets}').recordsFiltered)
    expect(result.products.length).toBeGreaterThan(0)
    expect(result.facets.find((f) => f.key === 'price')).toEqual({ key: 'price', label: 'Price', values: [{ value: '45-50', label: '45 - 50 €', quantity: 1, selected: false }] })
    expect(result.facets.find((f) => f.key === 'brand')!.values.length).toBeGreaterThan(0)
    expect(result.correction).toBeUndefined()
  })

  it('searches the term correction_search gives when the typed one finds nothing, and names it', async () => {
    const corrected = (example('/correction_search').correction as { text: string }).text
    const { client, asked } = replay((route, query) => {
      if (route === 'correction_search') return example('/correction_search')
      if (query.get('query') !== corrected) return route === 'facets' ? { facets: [] } : NOTHING
      return route === 'facets' ? example('/facets/{facets}') : example('/product_search/{facets}')
    })
    const result = await vtexCatalog(client).search({ term: 'montain bike', category: null, filters: [], sort: 'score_desc', page: 0, pageSize: 5 })
    expect(result.correction).toEqual({ term: corrected })
    expect(result.total).toBeGreaterThan(0)
    expect(asked.filter((p) => p.includes('/correction_search?')).map((p) => new URL(p, 'https://x').searchParams.get('query'))).toEqual(['montain bike'])
  })

  it('answers the empty result when the correction finds nothing either', async () => {
    const { client } = replay((route) => (route === 'correction_search' ? example('/correction_search') : route === 'facets' ? { facets: [] } : NOTHING))
    const result = await vtexCatalog(client).search({ term: 'montain bike', category: null, filters: [], sort: 'score_desc', page: 0, pageSize: 5 })
    expect(result).toMatchObject({ total: 0, products: [] })
    expect(result.correction).toBeUndefined()
  })
})

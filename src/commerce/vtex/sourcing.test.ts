/** The VTEX catalog read whole over the simulator, at a size past what Intelligent Search pages through (50 pages of 50). */
import { SEARCH_PAGE_MAX } from './catalog'
import { SEARCH_LAST_PAGE, SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'
import { createVtexCommerce } from '.'

const SIZE = 3_000
let vtex: VtexSimulator
beforeAll(async () => {
  vtex = await startVtexSimulator({ products: SIZE })
}, 120_000)
afterAll(() => vtex?.close())

const catalog = () =>
  createVtexCommerce({ COMMERCE: 'vtex', VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_SALES_CHANNEL: '1', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }).catalog
const listed = () => vtex.seed.products.filter((p) => p.listed)

it('tells no more pages than Intelligent Search answers, however many products match', async () => {
  const answer = (await (await fetch(`${vtex.url}/api/io/_v/api/intelligent-search/product_search/trade-policy/1?page=1&count=${SEARCH_PAGE_MAX}&locale=it-IT`)).json()) as { recordsFiltered: number; pagination: { count: number } }
  expect(answer.recordsFiltered).toBe(listed().length)
  expect(answer.pagination.count).toBe(SEARCH_LAST_PAGE)
})

it('lists every product once, in pages whose total is the catalog’s, asking Intelligent Search no page past its last', async () => {
  expect(listed().length).toBeGreaterThan(SEARCH_LAST_PAGE * SEARCH_PAGE_MAX)
  const products = catalog()
  const seen: string[] = []
  for (let page = 0; ; page++) {
    const answer = await products.products(page, 97)
    expect(answer.total).toBe(listed().length)
    seen.push(...answer.items.map((p) => p.id))
    if ((page + 1) * 97 >= answer.total) break
  }
  expect(seen).toHaveLength(listed().length)
  expect(new Set(seen).size).toBe(seen.length)
  expect([...seen].sort()).toEqual(listed().map((p) => p.id).sort())
  // The best sellers first, as far as Intelligent Search reaches.
  const reach = SEARCH_LAST_PAGE * SEARCH_PAGE_MAX
  expect(seen.slice(0, reach)).toEqual([...listed()].sort((a, b) => a.position - b.position).slice(0, reach).map((p) => p.id))
  expect(vtex.pagesPastLast).toBe(0)
  expect(vtex.validator.violations).toEqual([])
}, 120_000)

it('finds the products of more skus than Intelligent Search pages through', async () => {
  const some = listed().slice(0, 1_300)
  const skus = some.flatMap((p) => p.variants.map((v) => v.sku))
  expect(skus.length).toBeGreaterThan(SEARCH_LAST_PAGE * SEARCH_PAGE_MAX)
  const found = await catalog().productsBySku(skus)
  expect(found.map((p) => p.id).sort()).toEqual(some.map((p) => p.id).sort())
  expect(vtex.pagesPastLast).toBe(0)
}, 120_000)

it('answers a search page past what pages of its own size reach from Intelligent Search’s largest pages', async () => {
  const pageSize = 24
  const page = 60
  expect((page + 1) * pageSize).toBeGreaterThan(SEARCH_LAST_PAGE * pageSize)
  const whole = await catalog().search({ term: null, category: null, filters: [], sort: 'score_desc', page: Math.floor((page * pageSize) / 50), pageSize: 50 })
  const result = await catalog().search({ term: null, category: null, filters: [], sort: 'score_desc', page, pageSize })
  expect(result.products).toHaveLength(pageSize)
  const offset = (page * pageSize) % 50
  expect(result.products.slice(0, 50 - offset).map((p) => p.id)).toEqual(whole.products.slice(offset).map((p) => p.id))
  expect(vtex.pagesPastLast).toBe(0)
})

it('answers a search page out of Intelligent Search’s reach with no products and the total, asking no page past its last', async () => {
  const pageSize = 24
  const page = Math.floor(listed().length / pageSize) - 1
  expect(page * pageSize).toBeGreaterThan(SEARCH_LAST_PAGE * pageSize)
  const result = await catalog().search({ term: null, category: null, filters: [], sort: 'score_desc', page, pageSize })
  expect(result.products).toEqual([])
  expect(result.total).toBe(listed().length)
  expect(vtex.pagesPastLast).toBe(0)
})

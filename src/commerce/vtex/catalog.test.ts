/**
 * Price tiers from the Pricing API's fixed prices (req VTEX-10): which fixed prices are tiers, and a product's
 * table. Then the catalog's reads on the answers VTEX really gives (testing/recordings/): the specifications
 * shown, the breadcrumbs, and what a search or the suggestions answer when one of their calls fails.
 */
import { productTiers, tiersOf, vtexCatalog, CATEGORY_TREE_TTL_MS } from './catalog'
import { createVtexClient } from './client'
import { vtexSettings } from './settings'
import { recordingsOf } from './testing/recordings'

const NOW = Date.parse('2026-06-15T12:00:00Z')
const fixed = (minQuantity: number, value: number, extra: { tradePolicyId?: string; dateRange?: { from: string; to: string } } = {}) => ({ tradePolicyId: '1', value, minQuantity, ...extra })

describe('tiersOf', () => {
  it('makes each fixed price from a minimum above 1 a tier, ascending, rounded to the cent; the one from 1 unit is the sku’s price, not a tier', () => {
    expect(tiersOf([fixed(6, 8.1), fixed(1, 10), fixed(3, 9.004)], '1', NOW)).toEqual([
      { minQuantity: 3, value: 9 },
      { minQuantity: 6, value: 8.1 },
    ])
  })

  it('reads only the trade policy asked for', () => {
    expect(tiersOf([fixed(3, 9), fixed(2, 5, { tradePolicyId: '2' })], '2', NOW)).toEqual([{ minQuantity: 2, value: 5 }])
    expect(tiersOf([fixed(2, 5, { tradePolicyId: '2' })], '1', NOW)).toEqual([])
  })

  it('takes a scheduled fixed price only within its dates, and then in place of the unscheduled one of the same minimum', () => {
    const june = { from: '2026-06-01T00:00:00Z', to: '2026-07-01T00:00:00Z' }
    const may = { from: '2026-05-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }
    expect(tiersOf([fixed(3, 9), fixed(3, 9.5, { dateRange: june })], '1', NOW)).toEqual([{ minQuantity: 3, value: 9.5 }])
    expect(tiersOf([fixed(3, 9), fixed(3, 7, { dateRange: may })], '1', NOW)).toEqual([{ minQuantity: 3, value: 9 }])
    expect(tiersOf([fixed(4, 7, { dateRange: { from: '2026-06-15T12:00:00Z', to: '2026-06-15T13:00:00Z' } })], '1', NOW)).toEqual([{ minQuantity: 4, value: 7 }])
    expect(tiersOf([fixed(4, 7, { dateRange: { from: '2026-06-15T11:00:00Z', to: '2026-06-15T12:00:00Z' } })], '1', NOW)).toEqual([])
  })

  it('leaves out what is no tier: a minimum that is not a whole number above 1, a price of nothing or less', () => {
    expect(tiersOf([fixed(2.5, 9), fixed(0, 1), fixed(3, 0), fixed(4, -2)], '1', NOW)).toEqual([])
  })
})

describe('productTiers', () => {
  it('gives a product its skus’ tiers when every sku has the same ones, and none when they differ', () => {
    const table = [{ minQuantity: 3, value: 9 }]
    expect(productTiers([table])).toEqual(table)
    expect(productTiers([table, [{ minQuantity: 3, value: 9 }]])).toEqual(table)
    expect(productTiers([table, []])).toEqual([])
    expect(productTiers([table, [{ minQuantity: 3, value: 8 }]])).toEqual([])
    expect(productTiers([])).toEqual([])
  })
})

/** A recorded answer of a real VTEX store, by the operation it answers and the name FastStore gave it. */
function recorded(operation: string, name: string): unknown {
  const found = recordingsOf(operation, { kind: 'recorded answer' }).find((r) => r.source.export === name)
  if (!found) throw new Error(`no recorded answer ${name} of ${operation}`)
  return structuredClone(found.response.body)
}
const documented = (operation: string): unknown => structuredClone(recordingsOf(operation, { kind: 'documented example' })[0]!.response.body)

const PRODUCT_SEARCH = 'GET /product_search/{facets}'
/** The catalog's category tree as the recorded store has it: "Kitchen and Home Appliances", where Intelligent Search says "Kitchen & Home Appliances". */
const recordedTree = () => recorded('CategoryTree', 'catalogCategory3Fetch') as { id: number; children: { id: number }[] }[]

type Answer = { status: number; body?: unknown }
/**
 * The VTEX client over a fetch that answers by route: `/product_search/`, `/facets/`, `/autocomplete_suggestions`,
 * `/category/tree/` and `/pricing/` (no fixed prices: 404). Every URL asked is kept.
 */
function vtexAnswering(routes: Record<string, () => Answer>) {
  const asked: string[] = []
  const settings = vtexSettings({ COMMERCE: 'vtex', VTEX_ACCOUNT: 'storeframework', VTEX_SALES_CHANNEL: '1', VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: 'key', VTEX_APP_TOKEN: 'token' })
  const all: Record<string, () => Answer> = { '/pricing/': () => ({ status: 404, body: { message: 'no price' } }), ...routes }
  const doFetch = async (input: string | URL | Request) => {
    const url = String(input)
    asked.push(url)
    const route = Object.keys(all).find((part) => new URL(url).pathname.includes(part))
    const { status, body } = route ? all[route]!() : { status: 404, body: { message: 'not recorded' } }
    return new Response(JSON.stringify(body ?? null), { status, headers: { 'content-type': 'application/json' } })
  }
  return { catalog: vtexCatalog(createVtexClient(settings, { fetch: doFetch as typeof fetch })), asked }
}
const ok = (body: unknown) => () => ({ status: 200, body })
const failing = (status: number) => () => ({ status, body: { message: 'Internal Server Error' } })

let warn: jest.SpyInstance
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => jest.restoreAllMocks())

describe('a product read from a real Intelligent Search answer', () => {
  it('keeps the catalog’s specifications and hides those Intelligent Search adds of its own (sellerId, its allSpecifications group)', async () => {
    // The recorded store's products hold "Specification 01" in `properties` and in the allSpecifications group, while their named group "Specifications" comes back empty.
    const { catalog } = vtexAnswering({ '/product_search/': ok(recorded(PRODUCT_SEARCH, 'productSearchPage1Count5Fetch')), '/category/tree/': ok(recordedTree()) })
    const items = await catalog.productsBySku(['99988213', '99988211', '99988214', '99988210', '99988212'])
    expect(items.map((p) => [p.id, p.properties])).toEqual([
      ['99995946', [{ name: 'Specification 01', value: 'Monitor 27' }]],
      ['99995944', [{ name: 'Specification 01', value: 'Leather version' }]],
      ['99995947', [{ name: 'Specification 01', value: 'Echo dot white' }]],
      ['99995943', [{ name: 'Specification 01', value: 'Spec 01 filled' }]],
      ['99995945', [{ name: 'Specification 01', value: 'Magic mouse' }]],
    ])
  })

  it('shows no specification for a product whose only one is sellerId', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': ok(recorded(PRODUCT_SEARCH, 'productSearchFetch')), '/category/tree/': ok(recordedTree()) })
    const [product] = await catalog.productsBySku(['64953394'])
    expect(product!.properties).toEqual([])
  })

  it('keeps what the storefront shows: name, brand, variants with their names, prices, stock and pictures', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': ok(recorded(PRODUCT_SEARCH, 'productSearchCategory1Fetch')), '/facets/': ok(recorded('GET /facets/{facets}', 'attributeSearchCategory1Fetch')) })
    const result = await catalog.search({ term: null, category: 'office', filters: [], sort: 'score_desc', page: 0, pageSize: 5 })
    expect(result.total).toBe(1826)
    const hat = result.products[0]!
    expect(hat).toMatchObject({ id: '6049813', slug: 'licensed-cotton-hat-licensed', name: 'Licensed Cotton Hat Licensed', brand: { id: '2000001', name: 'Skechers', slug: 'skechers' } })
    expect(hat.hasVariant.map((v) => [v.sku, v.name, v.offers, v.image.length])).toEqual([
      ['2791588', 'green', { price: 129.09, listPrice: 185.97, lowPrice: 129.09 }, 3],
      ['93344885', expect.any(String), { price: 264.63, listPrice: 325.77, lowPrice: 264.63 }, 3],
    ])
    expect(hat.hasVariant[0]!.image[0]).toEqual({ url: 'https://storeframework.vtexassets.com/arquivos/ids/181666/ut.jpg?v=637755525053770000', alternateName: 'repellat' })
  })
})

describe('breadcrumbs from the catalog’s category tree', () => {
  /** The recorded product in "/Kitchen & Home Appliances/Appliances/", ids "/9285/9294/". */
  const kitchenProduct = () => recorded(PRODUCT_SEARCH, 'productSearchPage1Count1Fetch')

  it('names and links each category as the tree does, so every crumb is a category page the build made', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': ok(kitchenProduct()), '/category/tree/': ok(recordedTree()) })
    const pages = new Set((await catalog.categories()).map((c) => `/${c.slug}`))
    const [product] = await catalog.productsBySku(['2737806'])
    expect(product!.breadcrumbList).toEqual([
      { name: 'Kitchen and Home Appliances', item: '/kitchen-and-home-appliances', position: 1 },
      { name: 'Appliances', item: '/kitchen-and-home-appliances/appliances', position: 2 },
      { name: 'Fantastic Soft Cheese', item: '/fantastic-soft-cheese/p', position: 3 },
    ])
    for (const crumb of product!.breadcrumbList.slice(0, -1)) expect(pages).toContain(crumb.item)
  })

  it('follows the tree from the product’s category when the answer lists no category path', async () => {
    const answer = kitchenProduct() as { products: { categoriesIds?: string[] }[] }
    delete answer.products[0]!.categoriesIds
    const { catalog } = vtexAnswering({ '/product_search/': ok(answer), '/category/tree/': ok(recordedTree()) })
    const [product] = await catalog.productsBySku(['2737806'])
    expect(product!.breadcrumbList.map((c) => c.item)).toEqual(['/kitchen-and-home-appliances', '/kitchen-and-home-appliances/appliances', '/fantastic-soft-cheese/p'])
  })

  it('leaves out, and reports once, a category the tree does not have: it has no page to link', async () => {
    const tree = recordedTree().map((node) => (node.id === 9285 ? { ...node, children: node.children.filter((child) => child.id !== 9294) } : node))
    const { catalog } = vtexAnswering({ '/product_search/': ok(kitchenProduct()), '/category/tree/': ok(tree) })
    const [first] = await catalog.productsBySku(['2737806'])
    await catalog.productsBySku(['2737806'])
    expect(first!.breadcrumbList.map((c) => c.item)).toEqual(['/kitchen-and-home-appliances', '/fantastic-soft-cheese/p'])
    expect(first!.breadcrumbList.map((c) => c.position)).toEqual([1, 2])
    expect(warn.mock.calls.filter(([line]) => String(line).includes('category 9294'))).toHaveLength(1)
  })

  it('reads the tree once per refresh period, again after it, and keeps the older tree when a refresh fails', async () => {
    let now = Date.parse('2026-06-15T12:00:00Z')
    jest.spyOn(Date, 'now').mockImplementation(() => now)
    let treeAnswer: () => Answer = ok(recordedTree())
    const { catalog, asked } = vtexAnswering({ '/product_search/': ok(kitchenProduct()), '/category/tree/': () => treeAnswer() })
    const treeReads = () => asked.filter((url) => url.includes('/category/tree/')).length
    await catalog.productsBySku(['2737806'])
    await catalog.productsBySku(['2737806'])
    expect(treeReads()).toBe(1)
    now += CATEGORY_TREE_TTL_MS
    treeAnswer = failing(503)
    const [product] = await catalog.productsBySku(['2737806'])
    expect(treeReads()).toBe(2)
    expect(product!.breadcrumbList[0]).toEqual({ name: 'Kitchen and Home Appliances', item: '/kitchen-and-home-appliances', position: 1 })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('category tree'))
  })

  it('takes the tree a categories() call read, as the build reads it for its category pages', async () => {
    let tree: unknown = recordedTree()
    const { catalog, asked } = vtexAnswering({ '/product_search/': ok(kitchenProduct()), '/category/tree/': () => ({ status: 200, body: tree }) })
    await catalog.productsBySku(['2737806'])
    tree = recordedTree().map((node) => (node.id === 9285 ? { ...node, name: 'Cucina e casa', url: 'https://storeframework.vtexcommercestable.com.br/cucina-e-casa' } : node))
    await catalog.categories()
    const [product] = await catalog.productsBySku(['2737806'])
    expect(product!.breadcrumbList[0]).toEqual({ name: 'Cucina e casa', item: '/cucina-e-casa', position: 1 })
    expect(asked.filter((url) => url.includes('/category/tree/'))).toHaveLength(2)
  })
})

describe('a search or suggestions with one of their calls failing', () => {
  const office = { term: null, category: 'office', filters: [], sort: 'score_desc' as const, page: 0, pageSize: 5 }
  const productSearch = () => recorded(PRODUCT_SEARCH, 'productSearchCategory1Fetch')

  it('answers the products without facets when the facets call fails, says so, and logs the call and its status', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': ok(productSearch()), '/facets/': failing(500) })
    const result = await catalog.search(office)
    expect(result.products.map((p) => p.id)).toEqual(['6049813', '48182547', '8172115', '31264637', '52016072'])
    expect(result).toMatchObject({ total: 1826, facets: [], facetsUnavailable: true })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/facets failed \(502 .*VTEX answered 500/))
  })

  it('answers facets and no such flag when both calls succeed', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': ok(productSearch()), '/facets/': ok(recorded('GET /facets/{facets}', 'attributeSearchCategory1Fetch')) })
    const result = await catalog.search(office)
    expect(result.facets.length).toBeGreaterThan(0)
    expect(result.facetsUnavailable).toBeUndefined()
  })

  it('fails the search only when product_search fails', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': failing(500), '/facets/': ok(recorded('GET /facets/{facets}', 'attributeSearchCategory1Fetch')) })
    await expect(catalog.search(office)).rejects.toMatchObject({ status: 502 })
  })

  it('answers an empty result, not an error, when a check of what it found nothing for cannot be made', async () => {
    const { catalog } = vtexAnswering({ '/product_search/': ok({ products: [], recordsFiltered: 0 }), '/facets/': failing(500), '/brand/list': failing(503) })
    const result = await catalog.search({ ...office, category: null, filters: [{ key: 'brand', value: 'skechers' }, { key: 'colore', value: 'rosso' }] })
    expect(result).toMatchObject({ total: 0, products: [], facetsUnavailable: true })
  })

  it('answers the typed term’s empty result when the search for its correction fails', async () => {
    let searched = 0
    const { catalog } = vtexAnswering({
      '/product_search/': () => (searched++ === 0 ? { status: 200, body: { products: [], recordsFiltered: 0 } } : { status: 500, body: {} }),
      '/facets/': ok({ facets: [] }),
      '/correction_search': ok(documented('GET /correction_search')),
    })
    const result = await catalog.search({ ...office, category: null, term: 'montain bike' })
    expect(searched).toBe(2)
    expect(result).toMatchObject({ total: 0, products: [] })
    expect(result.correction).toBeUndefined()
  })

  const limits = { terms: 5, products: 3 }
  it('gives the terms alone when the suggested products fail, and the products alone when the terms fail', async () => {
    const terms = documented('GET /autocomplete_suggestions') as { searches: { term: string }[] }
    const withoutProducts = await vtexAnswering({ '/autocomplete_suggestions': ok(terms), '/product_search/': failing(500) }).catalog.suggestions('tv', limits)
    expect(withoutProducts).toEqual({ terms: terms.searches.slice(0, 5).map((s) => expect.objectContaining({ value: s.term })), products: [] })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/product_search failed \(502/))

    const withoutTerms = await vtexAnswering({ '/autocomplete_suggestions': failing(500), '/product_search/': ok(productSearch()) }).catalog.suggestions('office', limits)
    expect(withoutTerms).toEqual({ terms: [], products: [expect.objectContaining({ id: '6049813' }), expect.objectContaining({ id: '48182547' }), expect.objectContaining({ id: '8172115' })] })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/autocomplete_suggestions failed \(502/))
  })

  it('fails the suggestions when both calls fail, or the one asked for does', async () => {
    const { catalog } = vtexAnswering({ '/autocomplete_suggestions': failing(500), '/product_search/': failing(503) })
    await expect(catalog.suggestions('tv', limits)).rejects.toMatchObject({ status: 502 })
    await expect(catalog.suggestions('tv', { terms: 5, products: 0 })).rejects.toMatchObject({ status: 502 })
    await expect(vtexAnswering({ '/autocomplete_suggestions': ok(documented('GET /autocomplete_suggestions')), '/product_search/': failing(503) }).catalog.suggestions('tv', { terms: 0, products: 3 })).rejects.toMatchObject({ status: 502 })
  })
})

/** The simulator answers the VTEX routes with the published schemas' shapes, and refuses what VTEX would. */
import { SEARCH_PREFIX } from './validator'
import { SEARCH_LAST_PAGE, SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './simulator'
import { loadRecordings } from './recordings'

let vtex: VtexSimulator
beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 40 })
}, 60_000)
afterAll(() => vtex?.close())

const PRIVATE = { 'x-vtex-api-appkey': SIMULATOR_APP_KEY, 'x-vtex-api-apptoken': SIMULATOR_APP_TOKEN }
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' }

async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(vtex.url + path, { method, headers: { ...JSON_HEADERS, ...init.headers }, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, cookies: response.headers.getSetCookie() }
}

it('serves search, catalog, checkout, stores, sessions and Master Data within the published schemas', async () => {
  const search = await call('GET', `${SEARCH_PREFIX}/product_search/trade-policy/1?query=&page=1&count=5&sort=price:asc&locale=it-IT`)
  expect(search.status).toBe(200)
  expect((search.body!.products as unknown[]).length).toBe(5)
  expect((await call('GET', `${SEARCH_PREFIX}/facets/trade-policy/1?locale=it-IT`)).status).toBe(200)
  expect((await call('GET', `${SEARCH_PREFIX}/autocomplete_suggestions?query=cro&locale=it-IT`)).status).toBe(200)
  expect((await call('GET', `${SEARCH_PREFIX}/search_suggestions?query=cro&locale=it-IT`)).status).toBe(200)
  expect((await call('GET', '/api/catalog_system/pub/category/tree/3')).status).toBe(200)
  expect((await call('GET', '/api/catalog_system/pvt/brand/list', { headers: PRIVATE })).status).toBe(200)

  const created = await call('GET', '/api/checkout/pub/orderForm')
  expect(created.status).toBe(200)
  const id = created.body!.orderFormId as string
  const cookie = created.cookies.map((c) => c.split(';')[0]).join('; ')
  const sku = vtex.seed.products[0]!.variants[0]!.sku
  const added = await call('POST', `/api/checkout/pub/orderForm/${id}/items`, { headers: { cookie }, body: { orderItems: [{ id: sku, quantity: 2, seller: '1', index: 0 }] } })
  expect(added.status).toBe(200)
  expect((added.body!.items as { quantity: number }[])[0]!.quantity).toBe(2)
  const updated = await call('POST', `/api/checkout/pub/orderForm/${id}/items/update`, { headers: { cookie }, body: { orderItems: [{ index: 0, quantity: 0 }] } })
  expect(updated.body!.items).toEqual([])
  expect((await call('GET', `/api/checkout/pub/orderForm/${id}`)).status).toBe(404)
  const store = vtex.seed.stores[0]!
  const pickup = await call('POST', `/api/checkout/pub/orderForm/${id}/attachments/shippingData`, {
    headers: { cookie },
    body: { clearAddressIfPostalCodeNotFound: false, selectedAddresses: [], logisticsInfo: [{ itemIndex: 0, selectedSla: store.id, selectedDeliveryChannel: 'pickup-in-point' }] },
  })
  expect(pickup.status).toBe(200)
  expect((await call('GET', `/api/checkout/pub/pickup-points?geoCoordinates=${store.longitude};${store.latitude}`)).status).toBe(200)
  expect((await call('GET', `/api/checkout/pub/postal-code/ITA/${store.postalCode}`)).body).toMatchObject({ city: store.city })
  expect((await call('GET', `/api/logistics/pvt/configuration/pickuppoints/${store.id}`, { headers: PRIVATE })).status).toBe(200)

  const tiered = vtex.seed.products.find((p) => p.priceTiers.length > 0)!.variants[0]!.sku
  const fixed = await call('GET', `/pricing/prices/${tiered}/fixed/1`, { headers: PRIVATE })
  expect(fixed.status).toBe(200)
  expect(fixed.body).toEqual(vtex.fixedPrices.get(tiered)!.filter((f) => f.tradePolicyId === '1'))
  const plain = vtex.seed.products.find((p) => p.priceTiers.length === 0)!.variants[0]!.sku
  expect((await call('GET', `/pricing/prices/${plain}/fixed/1`, { headers: PRIVATE })).body).toEqual([])

  const auth = vtex.authCookieFor(vtex.seed.customers[0]!.email)
  const session = await call('GET', '/api/sessions?items=profile.id,profile.email,profile.isAuthenticated', { headers: { cookie: auth } })
  expect(session.body).toMatchObject({ namespaces: { profile: { email: { value: vtex.seed.customers[0]!.email } } } })
  const customerId = vtex.seed.customers[0]!.id
  expect((await call('GET', `/api/storage/profile-system/profiles/${customerId}`, { headers: PRIVATE })).status).toBe(200)
  expect((await call('GET', `/api/storage/profile-system/profiles/${customerId}/addresses`, { headers: PRIVATE })).status).toBe(200)

  const doc = await call('POST', '/api/dataentities/wishlist/documents', { headers: PRIVATE, body: { customerId, sku } })
  expect(doc.status).toBe(201)
  const found = await call('GET', `/api/dataentities/wishlist/search?_where=customerId=${customerId}&_fields=_all`, { headers: { ...PRIVATE, 'rest-range': 'resources=0-99' } })
  expect(found.body).toEqual([expect.objectContaining({ sku })])

  expect(vtex.validator.violations.map((v) => JSON.stringify(v))).toEqual([])
  expect(vtex.validator.counts.violations).toBe(0)
})

it('refuses a request the published schema refuses, and counts it', async () => {
  const before = vtex.validator.counts.violations
  const created = await call('GET', '/api/checkout/pub/orderForm')
  const id = created.body!.orderFormId as string
  const cookie = created.cookies.map((c) => c.split(';')[0]).join('; ')
  const refused = await call('POST', `/api/checkout/pub/orderForm/${id}/items`, { headers: { cookie }, body: { orderItems: [{ quantity: 'two' }] } })
  expect(refused.status).toBe(400)
  expect(vtex.validator.counts.violations).toBe(before + 1)
  expect((await call('GET', '/api/no/such/route')).status).toBe(404)
  expect(vtex.validator.counts.violations).toBe(before + 2)
  vtex.validator.violations.length = 0
  vtex.validator.counts.violations = 0
})

it('refuses private routes without the app key and token', async () => {
  expect((await call('GET', '/api/catalog_system/pvt/brand/list')).status).toBe(401)
  expect((await call('GET', '/pricing/prices/10001/fixed/1')).status).toBe(401)
})

it('validates Pricing’s answers against their schema, published as application/json with a charset', () => {
  const before = vtex.validator.counts.violations
  const matched = vtex.validator.checkRequest({ method: 'GET', path: '/pricing/prices/10001/fixed/1', query: {}, headers: { ...JSON_HEADERS, ...PRIVATE } })
  expect(matched?.name).toBe('GetFixedPricesonapricetable')
  vtex.validator.checkAnswer(matched!, 200, [{ tradePolicyId: '1', value: 9.5, listPrice: null, minQuantity: 3 }])
  expect(vtex.validator.counts.violations).toBe(before)
  vtex.validator.checkAnswer(matched!, 200, [{ tradePolicyId: 1, value: '9,50', minQuantity: 3 }])
  expect(vtex.validator.counts.violations).toBe(before + 1)
  expect(vtex.validator.violations.at(-1)!.errors.join(' ')).toMatch(/tradePolicyId|value|listPrice/)
  vtex.validator.violations.length = 0
  vtex.validator.counts.violations = 0
})

it('refuses a Pricing request the published schema refuses (an sku id that is no number)', async () => {
  const before = vtex.validator.counts.violations
  expect((await call('GET', '/pricing/prices/not-a-number/fixed/1', { headers: PRIVATE })).status).toBe(400)
  expect(vtex.validator.counts.violations).toBe(before + 1)
  vtex.validator.violations.length = 0
  vtex.validator.counts.violations = 0
})

describe('paging as Intelligent Search pages', () => {
  /** Recorded answers that tell how many products matched, how many a page holds and how many pages it answers. */
  const paged = () =>
    loadRecordings().flatMap((r) => {
      const body = r.response.body as { recordsFiltered?: unknown; pagination?: { count?: unknown; perPage?: unknown } } | null
      const [records, perPage, pages] = [body?.recordsFiltered, body?.pagination?.perPage, body?.pagination?.count]
      return typeof records === 'number' && typeof perPage === 'number' && perPage > 0 && typeof pages === 'number' ? [{ file: r.file, records, perPage, pages }] : []
    })

  it('stops at the last page the recorded answers stop at, however many products matched', () => {
    const recorded = paged()
    expect(recorded.some((r) => Math.ceil(r.records / r.perPage) > SEARCH_LAST_PAGE)).toBe(true)
    for (const r of recorded) expect([r.file, r.pages]).toEqual([r.file, Math.max(1, Math.min(SEARCH_LAST_PAGE, Math.ceil(r.records / r.perPage)))])
  })

  it('answers the last page, refuses the next one in the published error shape, and counts it', async () => {
    const before = vtex.pagesPastLast
    const last = await call('GET', `${SEARCH_PREFIX}/product_search/trade-policy/1?page=${SEARCH_LAST_PAGE}&count=1&locale=it-IT`)
    expect(last.status).toBe(200)
    expect(last.body!.recordsFiltered).toBe(vtex.seed.products.length)
    const past = await call('GET', `${SEARCH_PREFIX}/product_search/trade-policy/1?page=${SEARCH_LAST_PAGE + 1}&count=1&locale=it-IT`)
    expect(past.status).toBe(400)
    expect(past.body).toMatchObject({ status: 400, response: { data: expect.stringContaining(String(SEARCH_LAST_PAGE)) } })
    expect(vtex.pagesPastLast).toBe(before + 1)
    expect(vtex.validator.violations).toEqual([])
  })

  it('looks products up by product id, and lists every product id with its skus, 250 at a time from position 1', async () => {
    const [a, b] = [vtex.seed.products[3]!, vtex.seed.products[17]!]
    const found = await call('GET', `${SEARCH_PREFIX}/product_search/trade-policy/1?query=product:${a.id};${b.id};424242&page=1&count=3&locale=it-IT`)
    expect((found.body!.products as { productId: string }[]).map((p) => p.productId).sort()).toEqual([a.id, b.id].sort())
    expect((await call('GET', '/api/catalog_system/pvt/products/GetProductAndSkuIds?_from=1&_to=10')).status).toBe(401)
    const ids = [...vtex.seed.products].sort((x, y) => Number(x.id) - Number(y.id))
    const window = await call('GET', '/api/catalog_system/pvt/products/GetProductAndSkuIds?_from=11&_to=20', { headers: PRIVATE })
    expect(window.body).toEqual({
      data: Object.fromEntries(ids.slice(10, 20).map((p) => [p.id, p.variants.map((v) => Number(v.sku))])),
      range: { total: ids.length, from: 11, to: 20 },
    })
    const all = await call('GET', '/api/catalog_system/pvt/products/GetProductAndSkuIds?_from=1&_to=1000', { headers: PRIVATE })
    expect(Object.keys(all.body!.data as object)).toHaveLength(Math.min(250, ids.length))
    expect(vtex.validator.violations).toEqual([])
  })
})

/**
 * The store Functions (req CALL-15, CALL-16, CALL-17, CALL-18, CALL-19) against a real embedded platform: answers
 * for good input, a 4xx naming the problem for every kind of bad input, and
 * the favourite store's identity rules (401 for a guest, 403 for an email
 * that is not the cookie's person).
 */
import { functionRoutes, type FunctionAnswer } from '../../src/wire/routes'
import { browser, call, startHarness, type Harness } from './harness'

let h: Harness
let sku: string

const names = [
  'getSellerIdByStoreId',
  'getStoreList',
  'getFavouriteStore',
  'getStoreDetails',
  'getStoreListByProducts',
  'getStoreListBySellerAccount',
  'getPickupPointById',
  'setShippingData',
  'saveFavouriteStore',
  'getUserPostalCode',
  'getPostalCode',
] as const
type Name = (typeof names)[number]

const routes = Object.fromEntries([
  ...names.map((name) => [`store/${name}`, () => import(`../../src/api/store/${name}`)]),
  ['checkout/addCartItem', () => import('../../src/api/checkout/addCartItem')],
])

beforeAll(async () => {
  h = await startHarness(routes, 40)
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=40`)
  const products = catalog.json.items as { minQuantity: number; variants: { sku: string; lowPrice: number }[] }[]
  sku = products.filter((p) => p.minQuantity === 1).flatMap((p) => p.variants).find((v) => v.lowPrice > 0)!.sku
}, 120_000)

afterAll(async () => {
  await h?.close()
})

const post = (name: Name, body: unknown, cookie?: string) => call(`${h.siteUrl}/api/store/${name}`, { body: body as object, cookie })
/** Parses an answer with the route's own schema, as the browser does. */
const answer = <N extends Name>(name: N, json: unknown) => functionRoutes[`store/${name}`].answer.parse(json) as FunctionAnswer<`store/${N}`>

async function loginCookie(email: string): Promise<string> {
  const response = await fetch(`${h.platformUrl}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Password123!' }),
  })
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pf_session='))
  if (!cookie) throw new Error(`login of ${email} failed`)
  return cookie.split(';')[0]!
}

describe('store Functions: good input', () => {
  it('getStoreList: stores within 100 km of Genova, nearest first, with distance, hours and pickup', async () => {
    const response = await post('getStoreList', { lat: 44.4056, lng: 8.9463 })
    expect(response.status).toBe(200)
    const { stores } = answer('getStoreList', response.json)
    expect(stores.map((s) => s.city)).toEqual(['Genova', 'Savona', 'La Spezia'])
    expect(stores[0]).toMatchObject({ geoCoordinates: [stores[0]!.longitude, stores[0]!.latitude], inStock: true })
    expect(stores[0]!.distance).toBeLessThan(2000)
    expect(stores[0]!.pickup.category).not.toBe('Default')
  })

  it('getStoreListByProducts: from a postal code, a town, or coordinates; stock per store decides fast or slow pickup', async () => {
    const byCode = await post('getStoreListByProducts', { postalCode: '19038', items: [{ id: sku, quantity: 1 }] })
    expect(byCode.status).toBe(200)
    const fromSarzana = answer('getStoreListByProducts', byCode.json)
    expect(fromSarzana.place).toMatchObject({ town: 'Sarzana', postalCode: '19038' })
    expect(fromSarzana.stores[0]!.city).toBe('La Spezia')
    for (const store of fromSarzana.stores) expect(store.pickup.category === 'SlowTime' || store.inStock).toBe(true)

    const byTown = answer('getStoreListByProducts', (await post('getStoreListByProducts', { town: 'Savona', items: [] })).json)
    expect(byTown.stores[0]!.city).toBe('Savona')
    const byPoint = answer('getStoreListByProducts', (await post('getStoreListByProducts', { geoCoordinates: [12.4964, 41.9028], items: [{ id: sku }] })).json)
    expect(byPoint.place).toBeNull()
    expect(byPoint.stores.slice(0, 2).map((s) => s.city)).toEqual(['Roma', 'Roma'])

    const huge = answer('getStoreListByProducts', (await post('getStoreListByProducts', { postalCode: '16121', items: [{ id: sku, quantity: 9999 }] })).json)
    expect(huge.stores.every((s) => !s.inStock && s.pickup.category === 'SlowTime')).toBe(true)
  })

  it('getStoreDetails, getPickupPointById, getSellerIdByStoreId and getStoreListBySellerAccount read one store', async () => {
    expect(answer('getStoreDetails', (await post('getStoreDetails', { storeId: 'store-007' })).json).store.city).toBe('Genova')
    expect(answer('getPickupPointById', (await post('getPickupPointById', { id: 'store-007' })).json).store.street).toBe('Via XX Settembre 120')
    expect((await post('getSellerIdByStoreId', { storeId: 'store-007' })).json).toEqual({ SellerId: 'pet007' })
    const bySeller = answer('getStoreListBySellerAccount', (await post('getStoreListBySellerAccount', { sellerId: 'pet007', items: [{ id: sku, quantity: 1 }] })).json)
    expect(bySeller.store.id).toBe('store-007')
  })

  it('getPostalCode: a geocoding-shaped answer whose postal_code component is the nearest town’s', async () => {
    const response = await post('getPostalCode', { lat: 44.41, lng: 8.95 })
    const { results } = answer('getPostalCode', response.json)
    expect(results[0]!.address_components.find((c) => c.types.includes('postal_code'))?.long_name).toBe('16121')
  })

  it('setShippingData puts the pickup point on the order form and getUserPostalCode follows it; delivery removes it', async () => {
    const cart = await call(`${h.siteUrl}/api/checkout/addCartItem`, { body: { orderFormId: '', newItem: { quantity: 1, itemOffered: { sku, additionalProperty: [] } } } })
    const orderFormId = (cart.json as { id: string }).id
    expect((await post('getUserPostalCode', { orderFormId })).json).toEqual({ postalCode: '19038', source: 'default' })

    const set = await post('setShippingData', { orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-007' } })
    expect(set.status).toBe(200)
    expect(answer('setShippingData', set.json)).toMatchObject({ deliveryChannel: 'pickup-in-point', pickupPoint: { id: 'store-007' } })
    expect((await post('getUserPostalCode', { orderFormId })).json).toEqual({ postalCode: '16121', source: 'pickupPoint' })
    // The platform's checkout page receives the cart's key the Functions set, as the browser sends it.
    const checkout = await (await fetch(`${h.platformUrl}/checkout?orderFormId=${orderFormId}`, { headers: { cookie: browser.header() } })).text()
    expect(checkout).toContain('Ritiro in negozio')

    const back = await post('setShippingData', { orderFormId, request: { deliveryChannel: 'delivery' } })
    expect(answer('setShippingData', back.json)).toMatchObject({ deliveryChannel: 'delivery', pickupPoint: null })
    expect((await post('getUserPostalCode', { orderFormId })).json).toEqual({ postalCode: '19038', source: 'default' })
  })
})

describe('store Functions: the favourite store belongs to the cookie’s person', () => {
  it('a guest gets 401 reading or saving one', async () => {
    const read = await post('getFavouriteStore', { email: 'mario.rossi@example.it' })
    expect(read.status).toBe(401)
    const save = await post('saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-007' })
    expect(save.status).toBe(401)
    expect(save.json.error?.code).toBe('unauthorized')
  })

  it('an email that is not the logged-in shopper’s gets 403 and changes nothing', async () => {
    const giulia = await loginCookie('giulia.bianchi@example.it')
    const mario = await loginCookie('mario.rossi@example.it')
    expect((await post('saveFavouriteStore', { email: 'giulia.bianchi@example.it', storeId: 'store-010' }, giulia)).status).toBe(200)

    const forged = await post('saveFavouriteStore', { email: 'giulia.bianchi@example.it', storeId: 'store-001' }, mario)
    expect(forged.status).toBe(403)
    expect(forged.json.error?.code).toBe('forbidden')
    expect((await post('getFavouriteStore', { email: 'giulia.bianchi@example.it' }, mario)).status).toBe(403)
    const kept = answer('getFavouriteStore', (await post('getFavouriteStore', { email: 'giulia.bianchi@example.it' }, giulia)).json)
    expect(kept.favouriteStore?.id).toBe('store-010')
  })

  it('the shopper saves and reads back their own, the email compared without case', async () => {
    const mario = await loginCookie('mario.rossi@example.it')
    expect(answer('getFavouriteStore', (await post('getFavouriteStore', { email: 'mario.rossi@example.it' }, mario)).json).favouriteStore).toBeNull()
    const saved = await post('saveFavouriteStore', { email: 'Mario.Rossi@example.it', storeId: 'store-007' }, mario)
    expect(answer('saveFavouriteStore', saved.json).favouriteStore).toEqual({
      id: 'store-007',
      name: 'Zampa Amica Genova',
      postalCode: '16121',
      sellerId: 'pet007',
      geoCoordinates: expect.any(Array),
    })
    const unknown = await post('saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-999' }, mario)
    expect(unknown.status).toBe(404)
    expect(answer('getFavouriteStore', (await post('getFavouriteStore', { email: 'mario.rossi@example.it' }, mario)).json).favouriteStore?.id).toBe('store-007')
  })
})

describe('store Functions: input errors', () => {
  const cases: [Name, string, unknown, number, RegExp][] = [
    ['getSellerIdByStoreId', 'a missing storeId', {}, 400, /storeId is required/],
    ['getSellerIdByStoreId', 'an unknown store', { storeId: 'store-999' }, 404, /store-999/],
    ['getStoreList', 'a missing lat', { lng: 9 }, 400, /lat is required/],
    ['getStoreList', 'a lat out of range', { lat: 91, lng: 9 }, 400, /lat must be between/],
    ['getStoreList', 'a negative radius', { lat: 44, lng: 9, radius: -1 }, 400, /radius must be positive/],
    ['getFavouriteStore', 'a missing email', {}, 400, /email is required/],
    ['getFavouriteStore', 'a malformed email', { email: 'mario' }, 400, /email is not an email/],
    ['getStoreDetails', 'a storeId of the wrong type', { storeId: 7 }, 400, /storeId must be a string/],
    ['getStoreDetails', 'a storeId with bad characters', { storeId: '../x' }, 400, /storeId may hold only/],
    ['getStoreListByProducts', 'no place at all', { items: [] }, 400, /postalCode, town or geoCoordinates/],
    ['getStoreListByProducts', 'a four-digit postal code', { postalCode: '1903' }, 400, /postalCode must be five digits/],
    ['getStoreListByProducts', 'a postal code Italy lacks', { postalCode: '99999' }, 404, /99999/],
    ['getStoreListByProducts', 'a quantity of zero', { postalCode: '16121', items: [{ id: 'x', quantity: 0 }] }, 400, /quantity must be at least 1/],
    ['getStoreListByProducts', 'an item without id', { postalCode: '16121', items: [{ quantity: 1 }] }, 400, /items\.0\.id/],
    ['getStoreListByProducts', 'an unknown sku', { postalCode: '16121', items: [{ id: 'no-such-sku' }] }, 404, /no-such-sku/],
    ['getStoreListByProducts', 'coordinates in the wrong order of size', { geoCoordinates: [9, 144] }, 400, /lat must be between/],
    ['getStoreListBySellerAccount', 'a missing sellerId', { items: [] }, 400, /sellerId is required/],
    ['getStoreListBySellerAccount', 'an unknown seller', { sellerId: 'nobody' }, 404, /nobody/],
    ['getPickupPointById', 'a missing id', {}, 400, /id/],
    ['setShippingData', 'a missing request', { orderFormId: 'abc' }, 400, /request/],
    ['setShippingData', 'pickup without a point', { orderFormId: 'abc', request: { deliveryChannel: 'pickup-in-point' } }, 400, /pickupPointId is required/],
    ['setShippingData', 'an unknown channel', { orderFormId: 'abc', request: { deliveryChannel: 'drone' } }, 400, /deliveryChannel must be/],
    ['setShippingData', 'an unknown order form', { orderFormId: '00000000-0000-4000-8000-000000000000', request: { deliveryChannel: 'delivery' } }, 404, /order form/],
    ['saveFavouriteStore', 'a missing storeId', { email: 'mario.rossi@example.it' }, 400, /storeId is required/],
    ['getUserPostalCode', 'a missing orderFormId', {}, 400, /orderFormId is required/],
    ['getPostalCode', 'a lng of the wrong type', { lat: 44, lng: 'east' }, 400, /lng must be a number/],
  ]

  it.each(cases)('%s refuses %s', async (name, _what, body, status, message) => {
    const response = await post(name, body)
    expect(response.status).toBe(status)
    expect(response.json.error?.message).toMatch(message)
  })

  it.each(names)('%s refuses malformed JSON and GET', async (name) => {
    expect((await call(`${h.siteUrl}/api/store/${name}`, { body: '{"x": ' })).status).toBe(400)
    expect((await call(`${h.siteUrl}/api/store/${name}`)).status).toBe(405)
  })

  it('an unknown pickup point leaves the order form’s pickup point as it was', async () => {
    const cart = await call(`${h.siteUrl}/api/checkout/addCartItem`, { body: { orderFormId: '', newItem: { quantity: 1, itemOffered: { sku, additionalProperty: [] } } } })
    const orderFormId = (cart.json as { id: string }).id
    await post('setShippingData', { orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-007' } })
    const bad = await post('setShippingData', { orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-999' } })
    expect(bad.status).toBe(404)
    expect((await post('getUserPostalCode', { orderFormId })).json).toEqual({ postalCode: '16121', source: 'pickupPoint' })
  })
})

import { Place, Store, StoreAnswer, StoreList } from '../wire-stores'
import { createTestPlatform, inBrowser, login, type TestPlatform } from '../testing/app'
import { greatCircleMetres } from '../stores/geo'

const { call } = inBrowser()

let platform: TestPlatform
let sku: string

const GENOVA = { lat: 44.4056, lng: 8.9463 }

beforeAll(async () => {
  platform = await createTestPlatform(40)
  const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants ORDER BY sku LIMIT 1')
  sku = row!.sku
})

afterAll(async () => {
  await platform?.close()
})

describe('store search', () => {
  it('lists the stores within the radius, nearest first, with great-circle distances that match the coordinates', async () => {
    const response = await call(platform, 'POST', '/api/stores/search', { json: { ...GENOVA, radius: 100_000 } })
    expect(response.status).toBe(200)
    const { items } = StoreList.parse(response.json())
    expect(items.map((s) => s.city)).toEqual(['Genova', 'Savona', 'La Spezia'])
    const distances = items.map((s) => s.distance!)
    expect([...distances].sort((a, b) => a - b)).toEqual(distances)
    for (const store of items) {
      expect(Math.abs(store.distance! - greatCircleMetres(GENOVA, { lat: store.latitude, lng: store.longitude }))).toBeLessThan(2)
    }
  })

  it('a wider radius reaches Sanremo, and the limit cuts the list', async () => {
    const wide = StoreList.parse((await call(platform, 'POST', '/api/stores/search', { json: { ...GENOVA, radius: 200_000 } })).json())
    expect(wide.items.map((s) => s.city)).toEqual(expect.arrayContaining(['Sanremo', 'Parma']))
    const two = StoreList.parse((await call(platform, 'POST', '/api/stores/search', { json: { ...GENOVA, radius: 2_000_000, limit: 2 } })).json())
    expect(two.items).toHaveLength(2)
  })

  it('says which stores stock the asked items, from the stock table', async () => {
    await platform.db.query('UPDATE store_stock SET quantity = 0 WHERE sku = $1', [sku])
    await platform.db.query("UPDATE store_stock SET quantity = 3 WHERE sku = $1 AND store_id IN ('store-007')", [sku])
    const ask = async (quantity: number) =>
      StoreList.parse((await call(platform, 'POST', '/api/stores/search', { json: { ...GENOVA, radius: 100_000, items: [{ sku, quantity }] } })).json()).items
    expect((await ask(3)).map((s) => [s.id, s.inStock])).toEqual([['store-007', true], ['store-008', false], ['store-010', false]])
    expect((await ask(4)).every((s) => !s.inStock)).toBe(true)
  })

  it('answers 404 for an unknown sku and 400 naming a bad field', async () => {
    const unknown = await call(platform, 'POST', '/api/stores/search', { json: { ...GENOVA, radius: 1000, items: [{ sku: 'nope', quantity: 1 }] } })
    expect(unknown.status).toBe(404)
    const bad = await call(platform, 'POST', '/api/stores/search', { json: { lat: 'north', lng: 8, radius: 1 } })
    expect(bad.status).toBe(400)
    expect(bad.json().error.message).toMatch(/lat/)
  })

  it('reads subnormal coordinates and radii, which the database cannot hold as doubles, as 0', async () => {
    const tiny = await call(platform, 'POST', '/api/stores/search', { json: { lat: -6.4e-323, lng: 5e-324, radius: 5e-324 } })
    expect(tiny.status).toBe(200)
    expect(StoreList.parse(tiny.json()).items).toEqual([])
    const reverse = await call(platform, 'GET', '/api/geo/reverse?lat=5e-324&lng=9.19')
    expect(reverse.status).toBe(200)
  })

  it('reads one store by id or by either seller id, with its hour exceptions', async () => {
    const byId = Store.parse((await call(platform, 'POST', '/api/stores/store-007', { json: {} })).json())
    expect(byId).toMatchObject({ city: 'Genova', sellerId: 'pet007', distance: null })
    expect(Store.parse((await call(platform, 'POST', '/api/stores/by-seller/zampaamica007', { json: {} })).json()).id).toBe('store-007')
    expect(Store.parse((await call(platform, 'POST', '/api/stores/by-seller/pet007')).json()).id).toBe('store-007')
    expect((await call(platform, 'POST', '/api/stores/store-999')).status).toBe(404)
  })
})

describe('favourite store', () => {
  it('belongs to the logged-in customer: 401 for a guest, saved and read back for the customer', async () => {
    expect((await call(platform, 'GET', '/api/session/favourite-store')).status).toBe(401)
    expect((await call(platform, 'PUT', '/api/session/favourite-store', { json: { storeId: 'store-007' } })).status).toBe(401)
    const session = await login(platform, 'mario.rossi@example.it', 'Password123!')
    expect(StoreAnswer.parse((await call(platform, 'GET', '/api/session/favourite-store', { session })).json()).store).toBeNull()
    const saved = await call(platform, 'PUT', '/api/session/favourite-store', { session, json: { storeId: 'store-007' } })
    expect(StoreAnswer.parse(saved.json()).store?.id).toBe('store-007')
    expect(StoreAnswer.parse((await call(platform, 'GET', '/api/session/favourite-store', { session })).json()).store?.id).toBe('store-007')
    expect((await call(platform, 'PUT', '/api/session/favourite-store', { session, json: { storeId: 'store-999' } })).status).toBe(404)
    expect(StoreAnswer.parse((await call(platform, 'GET', '/api/session/favourite-store', { session })).json()).store?.id).toBe('store-007')
  })
})

describe('pickup point', () => {
  it('puts a store on the order form, shows it on the checkout page, and returns to delivery', async () => {
    const form = (await call(platform, 'POST', '/api/orderforms')).json<{ id: string }>()
    expect(StoreAnswer.parse((await call(platform, 'GET', `/api/orderforms/${form.id}/pickup`)).json()).store).toBeNull()
    const set = await call(platform, 'PUT', `/api/orderforms/${form.id}/pickup`, { json: { storeId: 'store-007' } })
    expect(StoreAnswer.parse(set.json()).store?.id).toBe('store-007')
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`)
    expect(page.text).toContain('Ritiro in negozio')
    expect(page.text).toContain('Via XX Settembre 120')
    await call(platform, 'PUT', `/api/orderforms/${form.id}/pickup`, { json: { storeId: null } })
    expect(StoreAnswer.parse((await call(platform, 'GET', `/api/orderforms/${form.id}/pickup`)).json()).store).toBeNull()
    expect((await call(platform, 'GET', `/checkout?orderFormId=${form.id}`)).text).not.toContain('Ritiro in negozio')
  })

  it('refuses an unknown store (404) and another customer’s order form (403), changing nothing', async () => {
    const session = await login(platform, 'mario.rossi@example.it', 'Password123!')
    const form = (await call(platform, 'POST', '/api/orderforms', { session })).json<{ id: string }>()
    expect((await call(platform, 'PUT', `/api/orderforms/${form.id}/pickup`, { session, json: { storeId: 'store-999' } })).status).toBe(404)
    expect((await call(platform, 'PUT', `/api/orderforms/${form.id}/pickup`, { json: { storeId: 'store-007' } })).status).toBe(403)
    expect(StoreAnswer.parse((await call(platform, 'GET', `/api/orderforms/${form.id}/pickup`, { session })).json()).store).toBeNull()
  })
})

describe('geocoding', () => {
  it('finds a place by postal code or by town name, accents and case aside', async () => {
    const sarzana = Place.parse((await call(platform, 'GET', '/api/geo/lookup?q=19038')).json())
    expect(sarzana).toMatchObject({ town: 'Sarzana', province: 'SP', region: 'Liguria' })
    expect(Place.parse((await call(platform, 'GET', '/api/geo/lookup?q=genova')).json())).toMatchObject({ postalCode: '16121', lat: 44.41, lng: 8.93 })
    expect(Place.parse((await call(platform, 'GET', `/api/geo/lookup?q=${encodeURIComponent('FORLI')}`)).json()).town).toBe('Forlì')
    expect((await call(platform, 'GET', '/api/geo/lookup?q=99999')).status).toBe(404)
    expect((await call(platform, 'GET', '/api/geo/lookup')).status).toBe(400)
  })

  it('places a town at its own coordinates, not its province’s chief town', async () => {
    const sarzana = Place.parse((await call(platform, 'GET', '/api/geo/lookup?q=19038')).json())
    // Sarzana is 11 km east of La Spezia, its chief town.
    expect(greatCircleMetres(sarzana, { lat: 44.113, lng: 9.96 })).toBeLessThan(2_000)
    expect(greatCircleMetres(sarzana, { lat: 44.1, lng: 9.82 })).toBeGreaterThan(9_000)
  })

  it('turns coordinates into the nearest municipality’s postal code', async () => {
    expect(Place.parse((await call(platform, 'GET', '/api/geo/reverse?lat=44.41&lng=8.95')).json())).toMatchObject({ postalCode: '16121', town: 'Genova' })
    // In Camogli's harbour, 20 km from Genova's centre.
    expect(Place.parse((await call(platform, 'GET', '/api/geo/reverse?lat=44.3497&lng=9.1557')).json())).toMatchObject({ postalCode: '16032', town: 'Camogli' })
    expect((await call(platform, 'GET', '/api/geo/reverse?lat=abc&lng=8')).status).toBe(400)
  })
})

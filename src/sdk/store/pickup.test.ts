/** @jest-environment jsdom */
import type { StoreView } from '../../wire/store'
import { adoptGuestFavourite, chooseStore, clearStore, loadPickup, PICKUP_KEY, pickupStore, saveFavourite } from './pickup'

const store: StoreView = {
  id: 'store-007',
  name: 'Zampa Amica Genova',
  street: 'Via XX Settembre 120',
  city: 'Genova',
  region: 'Liguria',
  postalCode: '16121',
  latitude: 44.4,
  longitude: 8.9,
  geoCoordinates: [8.9, 44.4],
  sellerId: 'pet007',
  vtexSellerId: 'zampaamica007',
  distance: 900,
  hours: { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null },
  today: { hours: null, openNow: false },
  inStock: true,
  fastTime: 60,
  slowTime: 1440,
  fastDate: null,
  slowDate: null,
  pickup: { category: 'Default', date: null, time: null, readyAt: null, waitMinutes: null },
}
const favourite = { id: store.id, name: store.name, postalCode: store.postalCode, sellerId: store.sellerId, geoCoordinates: store.geoCoordinates }

/** jsdom has no Response: what the client reads of one. */
const json = (body: unknown) => ({ ok: true, status: 200, json: async () => body })
let fetchMock: jest.Mock

beforeEach(() => {
  fetchMock = jest.fn()
  global.fetch = fetchMock as unknown as typeof fetch
})

const bodies = () => fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => [url, JSON.parse(String(init.body))])

describe('pickup state', () => {
  it('reads what storage holds through its schema, and drops a value of another shape', () => {
    localStorage.setItem(PICKUP_KEY, JSON.stringify({ chosen: 'nonsense' }))
    loadPickup()
    expect(pickupStore.read()).toEqual({ chosen: null, guestFavourite: null })
    expect(localStorage.getItem(PICKUP_KEY)).toBeNull()
  })

  it('choosing a store puts it on the order form and remembers it; clearing returns to delivery', async () => {
    fetchMock.mockResolvedValueOnce(json({ orderFormId: 'abc', deliveryChannel: 'pickup-in-point', pickupPoint: store }))
    await chooseStore(store, 'abc')
    expect(bodies()).toEqual([['/api/store/setShippingData', { orderFormId: 'abc', request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-007' } }]])
    expect(pickupStore.read().chosen?.id).toBe('store-007')
    expect(JSON.parse(localStorage.getItem(PICKUP_KEY)!).chosen.id).toBe('store-007')

    fetchMock.mockResolvedValueOnce(json({ orderFormId: 'abc', deliveryChannel: 'delivery', pickupPoint: null }))
    await clearStore('abc')
    expect(bodies()[1]).toEqual(['/api/store/setShippingData', { orderFormId: 'abc', request: { deliveryChannel: 'delivery' } }])
    expect(pickupStore.read().chosen).toBeNull()
  })

  it('without a cart yet, choosing only remembers the store', async () => {
    await chooseStore(store, '')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(pickupStore.read().chosen?.id).toBe('store-007')
  })

  it('a guest keeps the favourite in the browser; at login it is saved for the shopper and forgotten locally', async () => {
    expect(await saveFavourite(store, null)).toEqual(favourite)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(pickupStore.read().guestFavourite).toEqual(favourite)

    fetchMock.mockResolvedValueOnce(json({ favouriteStore: favourite }))
    expect(await adoptGuestFavourite('mario.rossi@example.it')).toEqual(favourite)
    expect(bodies()).toEqual([['/api/store/saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-007' }]])
    expect(pickupStore.read().guestFavourite).toBeNull()
  })

  it('a logged-in shopper’s favourite is saved on the platform, not in the browser', async () => {
    fetchMock.mockResolvedValueOnce(json({ favouriteStore: favourite }))
    await saveFavourite(store, 'mario.rossi@example.it')
    expect(bodies()).toEqual([['/api/store/saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-007' }]])
    expect(pickupStore.read().guestFavourite).toBeNull()
  })
})

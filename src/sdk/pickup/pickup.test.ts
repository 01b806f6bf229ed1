/** @jest-environment jsdom */
import { storeView } from '../../testing/fixtures'
import type { StoreView } from '../../wire/store'
import { adoptGuestFavourite, chooseStore, clearStore, findStores, loadPickup, PICKUP_KEY, pickupState, saveFavourite } from './pickup'

const closed = { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null }
const store: StoreView = storeView({ hours: closed, today: { hours: null, openNow: false } })
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
    expect(pickupState.read()).toEqual({ chosen: null, guestFavourite: null, postalCode: null })
    expect(localStorage.getItem(PICKUP_KEY)).toBeNull()
  })

  it('choosing a store puts it on the order form and remembers it; clearing returns to delivery', async () => {
    fetchMock.mockResolvedValueOnce(json({ orderFormId: 'abc', deliveryChannel: 'pickup-in-point', pickupPoint: store }))
    await chooseStore(store, 'abc')
    expect(bodies()).toEqual([['/api/store/setShippingData', { orderFormId: 'abc', request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-007' } }]])
    expect(pickupState.read().chosen?.id).toBe('store-007')
    expect(JSON.parse(localStorage.getItem(PICKUP_KEY)!).chosen.id).toBe('store-007')

    fetchMock.mockResolvedValueOnce(json({ orderFormId: 'abc', deliveryChannel: 'delivery', pickupPoint: null }))
    await clearStore('abc')
    expect(bodies()[1]).toEqual(['/api/store/setShippingData', { orderFormId: 'abc', request: { deliveryChannel: 'delivery' } }])
    expect(pickupState.read().chosen).toBeNull()
  })

  it('without a cart yet, choosing only remembers the store', async () => {
    await chooseStore(store, '')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(pickupState.read().chosen?.id).toBe('store-007')
  })

  it('a guest keeps the favourite in the browser; at login it is saved for the shopper and forgotten locally', async () => {
    expect(await saveFavourite(store, null)).toEqual(favourite)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(pickupState.read().guestFavourite).toEqual(favourite)

    fetchMock.mockResolvedValueOnce(json({ favouriteStore: favourite }))
    expect(await adoptGuestFavourite('mario.rossi@example.it')).toEqual(favourite)
    expect(bodies()).toEqual([['/api/store/saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-007' }]])
    expect(pickupState.read().guestFavourite).toBeNull()
  })

  it('a logged-in shopper’s favourite is saved on the platform, not in the browser', async () => {
    fetchMock.mockResolvedValueOnce(json({ favouriteStore: favourite }))
    await saveFavourite(store, 'mario.rossi@example.it')
    expect(bodies()).toEqual([['/api/store/saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-007' }]])
    expect(pickupState.read().guestFavourite).toBeNull()
  })

  it('keeps the postal code of the place the shopper last searched stores near', async () => {
    const place = { postalCode: '16121', town: 'Genova', province: 'GE', region: 'Liguria', lat: 44.4, lng: 8.9 }
    fetchMock.mockResolvedValueOnce(json({ stores: [], place }))
    await findStores({ town: 'Genova' }, [])
    expect(pickupState.read().postalCode).toBe('16121')
    fetchMock.mockResolvedValueOnce(json({ stores: [], place: null }))
    await findStores({ postalCode: '19121' }, [])
    expect(pickupState.read().postalCode).toBe('19121')
    expect(JSON.parse(localStorage.getItem(PICKUP_KEY)!).postalCode).toBe('19121')
  })
})

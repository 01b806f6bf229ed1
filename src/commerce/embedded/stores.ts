/** Stores, pickup and geography over the platform's store, favourite-store, pickup and geo endpoints. */
import * as StoreWire from '../../../platform/wire-stores'
import type { StoresAdapter } from '../capabilities/stores'
import { CommerceError } from '../errors'
import { formPath, type PlatformClient } from './client'

export function embeddedStores({ call }: PlatformClient): StoresAdapter {
  return {
    near: async (point, radius, items, limit = 20) =>
      (await call('/api/stores/search', StoreWire.StoreList, { method: 'POST', body: { ...point, radius, items, limit } })).items,
    byId: (id, items = []) => call(`/api/stores/${encodeURIComponent(id)}`, StoreWire.Store, { method: 'POST', body: { items } }),
    bySeller: (sellerId, items = []) => call(`/api/stores/by-seller/${encodeURIComponent(sellerId)}`, StoreWire.Store, { method: 'POST', body: { items } }),
    favourite: async (ctx) => (await call('/api/session/favourite-store', StoreWire.StoreAnswer, { ctx })).store,
    saveFavourite: async (storeId, ctx) => {
      const { store } = await call('/api/session/favourite-store', StoreWire.StoreAnswer, { method: 'PUT', body: { storeId }, ctx })
      if (!store) throw new CommerceError(502, 'backend_error', 'the platform saved no favourite store')
      return store
    },
    pickupPoint: async (id, ctx) => (await call(`${formPath(id)}/pickup`, StoreWire.StoreAnswer, { ctx })).store,
    setPickupPoint: async (id, storeId, ctx) => (await call(`${formPath(id)}/pickup`, StoreWire.StoreAnswer, { method: 'PUT', body: { storeId }, ctx })).store,
    geo: {
      lookup: (query) => call(`/api/geo/lookup?${new URLSearchParams({ q: query })}`, StoreWire.Place),
      reverse: (point) => call(`/api/geo/reverse?${new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) })}`, StoreWire.Place),
    },
  }
}

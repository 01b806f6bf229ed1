/** Identity over the platform's session, saved carts, wishlists and order lookup; the shopper is the session cookie the request carries. */
import * as Wire from '../../../platform/wire'
import * as IdentityWire from '../../../platform/wire-identity'
import type { IdentityAdapter } from '../capabilities/identity'
import { CommerceError } from '../errors'
import type { PlatformClient } from './client'
import { toCart, toCartItem } from './mappers'

export function embeddedIdentity({ call, orderForm }: PlatformClient): IdentityAdapter {
  return {
    session: {
      person: async (ctx) => (await call('/api/session', Wire.SessionAnswer, { ctx })).person,
      profile: async (ctx) => {
        try {
          return await call('/api/session/profile', Wire.ProfileAnswer, { ctx })
        } catch (error) {
          if (error instanceof CommerceError && error.status === 401) return null
          throw error
        }
      },
      addresses: async (ctx) => {
        if (!(await call('/api/session', Wire.SessionAnswer, { ctx })).person) return []
        return (await call('/api/session/addresses', IdentityWire.AddressesAnswer, { ctx })).addresses
      },
    },
    sharedCart: {
      owner: (id, ctx) => call(`/api/saved-carts/owner?${new URLSearchParams({ orderFormId: id })}`, IdentityWire.SavedCartOwnerAnswer, { ctx }),
      saved: async (nullOnEmpty, ctx) => {
        const { orderForm: form } = await call(`/api/saved-carts/mine?nullOnEmpty=${nullOnEmpty}`, IdentityWire.SavedCartAnswer, { ctx })
        return form ? toCart(form) : null
      },
      save: (id, ctx) => orderForm('/api/saved-carts/mine', { method: 'PUT', body: { orderFormId: id }, ctx }),
      merge: (savedOrderFormId, currentOrderFormId, ctx) =>
        orderForm('/api/saved-carts/mine/merge', { method: 'POST', body: { savedOrderFormId, currentOrderFormId, strategy: 'COMBINE' }, ctx }),
    },
    wishlist: {
      list: async (ctx) => (await call('/api/wishlist', IdentityWire.WishlistAnswer, { ctx })).items,
      add: async (sku, ctx) => (await call('/api/wishlist', IdentityWire.WishlistAddAnswer, { method: 'POST', body: { sku }, ctx })).id,
      remove: async (itemId, ctx) =>
        (await call(`/api/wishlist/${encodeURIComponent(itemId)}`, IdentityWire.WishlistRemoveAnswer, { method: 'DELETE', ctx })).removed,
    },
    orders: {
      findPlaced: async (orderNumber, email, ctx) => {
        // With the shopper's context: the platform counts failed lookups by the shopper's address.
        const order = await call('/api/orders/lookup', Wire.PlacedOrder, { method: 'POST', body: { orderNumber, email }, ctx })
        return { orderNumber: order.orderNumber, status: order.status, placedAt: order.placedAt, items: order.items.map(toCartItem), total: order.totals.total }
      },
    },
  }
}

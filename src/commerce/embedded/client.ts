/**
 * The commerce adapter for the embedded platform (platform/). Every answer is
 * parsed against the platform's wire contract before it is mapped, so a
 * platform that answers something unexpected is a 502, never a crash later on.
 */
import type { z } from 'zod'
import * as Wire from '../../../platform/wire'
import * as StoreWire from '../../../platform/wire-stores'
import * as IdentityWire from '../../../platform/wire-identity'
import type { CommerceAdapter } from '../adapter'
import { CommerceError, fromPlatformStatus, platformTimeout, platformUnavailable } from '../errors'
import type { LineInput, RequestContext } from '../../domain/types'
import { cookieHeader, keepIssuedCookies } from './cookies'
import { toCart, toCartItem, toCategory, toProduct, toProductSummary } from './mappers'
import { fetchTransport, nodeTransport, TransportTimeout, type TransportResponse } from './transport'

export interface PlatformClientOptions {
  baseUrl: string
  /** Per-request limit, connection to last byte; a platform slower than this is a 504. Default 10 s. */
  timeoutMs?: number
  /** Sends requests through this instead of `node:http` (see ./transport.ts). */
  fetch?: typeof fetch
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  ctx?: RequestContext
}

export function createPlatformAdapter(options: PlatformClientOptions): CommerceAdapter {
  const transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport
  const timeoutMs = options.timeoutMs ?? 10_000

  async function call<S extends z.ZodTypeAny>(path: string, schema: S, { method = 'GET', body, ctx }: CallOptions = {}): Promise<z.infer<S>> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const cookie = ctx && cookieHeader(ctx)
    if (cookie) headers.cookie = cookie

    let response: TransportResponse
    try {
      response = await transport(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      })
    } catch (cause) {
      if (cause instanceof TransportTimeout) throw platformTimeout(`commerce platform did not answer ${method} ${path} within ${cause.timeoutMs} ms`)
      throw platformUnavailable(`commerce platform unreachable: ${(cause as Error).message}`)
    }

    // The guest-cart key of a new guest order form: the browser keeps it, later calls send it.
    if (ctx) keepIssuedCookies(ctx, response.setCookies, [Wire.PLATFORM_CART_COOKIE])
    const payload: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = Wire.ApiError.safeParse(payload)
      throw fromPlatformStatus(response.status, parsed.success ? parsed.data.error.message : `platform answered ${response.status}`)
    }
    const parsed = schema.safeParse(payload)
    if (!parsed.success) {
      throw new CommerceError(502, 'platform_error', `unexpected answer from ${method} ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
    }
    return parsed.data
  }

  const orderForm = async (path: string, opts: CallOptions) => {
    const form = await call(path, Wire.OrderForm, opts)
    if (form.status !== 'open') {
      throw new CommerceError(409, 'conflict', `order form ${form.id} is already placed`)
    }
    return toCart(form)
  }

  const formPath = (id: string) => `/api/orderforms/${encodeURIComponent(id)}`
  const wireLine = (line: Omit<LineInput, 'quantity'>) => ({ sku: line.sku, seller: line.seller, attachments: line.attachments })

  return {
    catalog: {
      categories: async () => (await call('/api/catalog/categories', Wire.CategoryList)).items.map(toCategory),
      brands: async () => (await call('/api/catalog/brands', Wire.BrandList)).items,
      products: async (page, pageSize) => {
        const answer = await call(`/api/catalog/products?page=${page}&pageSize=${pageSize}`, Wire.ProductPage)
        return { ...answer, items: answer.items.map(toProduct) }
      },
      search: async (query) => {
        const params = new URLSearchParams()
        if (query.term) params.set('q', query.term)
        if (query.category) params.set('category', query.category)
        for (const filter of query.filters) params.append('fq', `${filter.key}:${filter.value}`)
        params.set('sort', query.sort)
        params.set('page', String(query.page))
        params.set('pageSize', String(query.pageSize))
        const answer = await call(`/api/catalog/search?${params}`, Wire.SearchResult)
        return { ...answer, products: answer.products.map(toProductSummary) }
      },
      suggestions: async (term, limits) => {
        const params = new URLSearchParams({ q: term, terms: String(limits.terms), products: String(limits.products) })
        const answer = await call(`/api/catalog/suggestions?${params}`, Wire.Suggestions)
        return { terms: answer.terms, products: answer.products.map(toProductSummary) }
      },
    },
    cart: {
      get: (id, ctx) => orderForm(formPath(id), { ctx }),
      create: (ctx) => orderForm('/api/orderforms', { method: 'POST', ctx }),
      addItem: (id, line, ctx) =>
        orderForm(`${formPath(id)}/items`, { method: 'POST', body: { ...wireLine(line), quantity: line.quantity }, ctx }),
      updateItem: (id, line, ctx) =>
        orderForm(`${formPath(id)}/items`, { method: 'PATCH', body: { ...wireLine(line), quantity: line.quantity }, ctx }),
      removeItem: (id, line, ctx) => orderForm(`${formPath(id)}/items/remove`, { method: 'POST', body: wireLine(line), ctx }),
      replaceItems: (id, lines, ctx) =>
        orderForm(`${formPath(id)}/items`, {
          method: 'PUT',
          body: { items: lines.map((line) => ({ ...wireLine(line), quantity: line.quantity })) },
          ctx,
        }),
    },
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
    loyalty: {
      multiplier: async (sku) => (await call(`/api/catalog/skus/${encodeURIComponent(sku)}/loyalty`, Wire.LoyaltyAnswer)).multiplier,
    },
    stores: {
      near: async (point, radius, items, limit = 20) =>
        (await call('/api/stores/search', StoreWire.StoreList, { method: 'POST', body: { ...point, radius, items, limit } })).items,
      byId: (id, items = []) => call(`/api/stores/${encodeURIComponent(id)}`, StoreWire.Store, { method: 'POST', body: { items } }),
      bySeller: (sellerId, items = []) =>
        call(`/api/stores/by-seller/${encodeURIComponent(sellerId)}`, StoreWire.Store, { method: 'POST', body: { items } }),
      favourite: async (ctx) => (await call('/api/session/favourite-store', StoreWire.StoreAnswer, { ctx })).store,
      saveFavourite: async (storeId, ctx) => {
        const { store } = await call('/api/session/favourite-store', StoreWire.StoreAnswer, { method: 'PUT', body: { storeId }, ctx })
        if (!store) throw new CommerceError(502, 'platform_error', 'the platform saved no favourite store')
        return store
      },
      pickupPoint: async (id, ctx) => (await call(`${formPath(id)}/pickup`, StoreWire.StoreAnswer, { ctx })).store,
      setPickupPoint: async (id, storeId, ctx) => (await call(`${formPath(id)}/pickup`, StoreWire.StoreAnswer, { method: 'PUT', body: { storeId }, ctx })).store,
    },
    geo: {
      lookup: (query) => call(`/api/geo/lookup?${new URLSearchParams({ q: query })}`, StoreWire.Place),
      reverse: (point) => call(`/api/geo/reverse?${new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) })}`, StoreWire.Place),
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
    orders: {
      findPlaced: async (orderNumber, email) => {
        const order = await call('/api/orders/lookup', Wire.PlacedOrder, { method: 'POST', body: { orderNumber, email } })
        return { orderNumber: order.orderNumber, status: order.status, placedAt: order.placedAt, items: order.items.map(toCartItem), total: order.totals.total }
      },
    },
    wishlist: {
      list: async (ctx) => (await call('/api/wishlist', IdentityWire.WishlistAnswer, { ctx })).items,
      add: async (sku, ctx) => (await call('/api/wishlist', IdentityWire.WishlistAddAnswer, { method: 'POST', body: { sku }, ctx })).id,
      remove: async (itemId, ctx) =>
        (await call(`/api/wishlist/${encodeURIComponent(itemId)}`, IdentityWire.WishlistRemoveAnswer, { method: 'DELETE', ctx })).removed,
    },
  }
}

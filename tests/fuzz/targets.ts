/**
 * What the fuzz suite sends requests to: every Function of the route table
 * (src/wire/routes.ts) and /api/graphql, and every JSON route of the
 * platform, each with a valid request to mutate. Valid requests name the
 * logged-in shopper's own order form, sku, store and email, so a refusal that
 * wrote anything would show in the data.
 */
import { functionRoutes, type FunctionName } from '../../src/wire/routes'
import { graphqlOperations } from '../../src/wire/routes'

export interface Fixture {
  /** The shopper's order form (two lines). */
  orderFormId: string
  /** A guest's order form (two lines), bound to `guestKey`. */
  guestOrderFormId: string
  /** The key of the guest's browser (the pf_cart cookie). */
  guestKey: string
  /** Another order form of the shopper's, for merges. */
  otherOrderFormId: string
  sku: string
  storeId: string
  sellerId: string
  email: string
  customerId: string
  wishlistItemId: string
  slug: string
}

export interface Target {
  name: string
  side: 'functions' | 'platform'
  method: string
  /** Path with `:name` placeholders filled from `params`. */
  path: string
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
  /** Sent with the shopper's session cookie half of the time (never for logout). */
  cookie: boolean
  /**
   * A guest's order form: sent with the guest's cart key instead of a session, or, about half
   * the time, with what another browser or a forger holds (no key, another one, a malformed one).
   */
  guestCart?: boolean
  headers?: Record<string, string>
  /** For a Function: the schema its 2xx answer must satisfy. */
  answer?: { safeParse(value: unknown): { success: boolean } }
}

const attachment = { propertyID: 'frequency', name: 'frequency', value: '30', valueReference: 'ATTACHMENT' }

function functionTemplates(fx: Fixture): Record<FunctionName, Pick<Target, 'params' | 'query' | 'body'>> {
  const newItem = { quantity: 1, seller: { identifier: '1' }, itemOffered: { sku: fx.sku, additionalProperty: [attachment] } }
  return {
    'checkout/getCartInformation': { query: { orderFormId: fx.orderFormId } },
    'checkout/addCartItem': { body: { orderFormId: fx.orderFormId, newItem } },
    'checkout/updateCartItem': { body: { orderFormId: fx.orderFormId, newItem: { ...newItem, quantity: 2 } } },
    'checkout/removeCartItem': { body: { orderFormId: fx.orderFormId, newItem: { seller: { identifier: '1' }, itemOffered: { sku: fx.sku, additionalProperty: [] } } } },
    'product/getLoyaltyMultiplier/[sku]': { params: { sku: fx.sku } },
    'search/results': { query: { q: 'cane', sort: 'price_asc', page: '0', facets: 'brand', brand: ['a', 'b'] } },
    'search/suggestions': { query: { q: 'cro' } },
    'userAccount/getIsVet': { body: { orderFormId: fx.orderFormId } },
    'store/getSellerIdByStoreId': { body: { storeId: fx.storeId } },
    'store/getStoreList': { body: { lat: 45.46, lng: 9.19, radius: 50_000 } },
    'store/getFavouriteStore': { body: { email: fx.email } },
    'store/getStoreDetails': { body: { storeId: fx.storeId } },
    'store/getStoreListByProducts': { body: { postalCode: '20121', items: [{ id: fx.sku, quantity: 1, seller: '1' }], geoCoordinates: [9.19, 45.46] } },
    'store/getStoreListBySellerAccount': { body: { sellerId: fx.sellerId, items: [{ id: fx.sku, quantity: 2 }] } },
    'store/getPickupPointById': { body: { id: fx.storeId } },
    'store/setShippingData': { body: { orderFormId: fx.orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: fx.storeId } } },
    'store/saveFavouriteStore': { body: { email: fx.email, storeId: fx.storeId } },
    'store/getUserPostalCode': { body: { orderFormId: fx.orderFormId } },
    'store/getPostalCode': { body: { lat: 45.46, lng: 9.19 } },
    'sharedCart/getSharedCustomer': { body: { orderFormId: fx.orderFormId } },
    'sharedCart/getSharedCart': { body: { userId: fx.customerId, nullOnEmpty: true } },
    'sharedCart/saveSharedCart': { body: { userId: fx.customerId, orderFormId: fx.orderFormId } },
    'sharedCart/mergeSharedCart': { body: { savedCart: fx.orderFormId, currentCart: fx.otherOrderFormId, strategy: 'COMBINE' } },
    'userAccount/getBkid': {},
    'wishlist/getWishlist': { query: { shopperId: fx.email } },
    'wishlist/addProduct': { body: { shopperId: fx.email, listItem: { sku: fx.sku, productId: '1' } } },
    'wishlist/removeProduct': { body: { shopperId: fx.email, itemId: fx.wishlistItemId } },
    'order/getGuestOrder': { body: { orderNumber: 'PF-000001', email: fx.email } },
  }
}

export function functionTargets(fx: Fixture): Target[] {
  const templates = functionTemplates(fx)
  const targets: Target[] = Object.entries(functionRoutes).map(([name, route]) => ({
    name: `fn ${name}`,
    side: 'functions',
    method: route.method,
    path: `/api/${name.replace(/\[(\w+)\]/g, ':$1')}`,
    cookie: true,
    answer: route.answer,
    ...templates[name as FunctionName],
  }))
  const session = {
    locale: 'it-IT',
    currency: { code: 'EUR', symbol: '€' },
    country: 'ITA',
    channel: '{"salesChannel":"1"}',
    deliveryMode: null,
    addressType: null,
    postalCode: '20121',
    geoCoordinates: { latitude: 45.46, longitude: 9.19 },
    person: { id: fx.customerId, email: fx.email, givenName: 'Mario', familyName: 'Rossi' },
  }
  const offer = { price: 10, listPrice: 12.5, quantity: 2, seller: { identifier: '1' }, itemOffered: { sku: fx.sku, name: 'x', additionalProperty: [attachment] } }
  const graphql = (operation: keyof typeof graphqlOperations, variables: unknown): Target => ({
    name: `fn graphql ${operation}`,
    side: 'functions',
    method: 'POST',
    path: '/api/graphql',
    query: { operationName: operation },
    body: { operationName: operation, variables },
    cookie: true,
    answer: { safeParse: (value: unknown) => graphqlOperations[operation].data.safeParse((value as { data?: unknown } | null)?.data) },
  })
  targets.push(
    graphql('ValidateCartMutation', { cart: { order: { orderNumber: fx.orderFormId, acceptedOffer: [offer] } }, session }),
    graphql('ValidateSession', { session, search: '' }),
  )
  return [...targets, ...guestCartFunctionTargets(fx, targets)]
}

/** The Functions that take an order form by its id, aimed at the guest's order form. */
const GUEST_CART_FUNCTIONS = new Set([
  'fn checkout/getCartInformation',
  'fn checkout/addCartItem',
  'fn checkout/updateCartItem',
  'fn checkout/removeCartItem',
  'fn store/setShippingData',
  'fn store/getUserPostalCode',
  'fn graphql ValidateCartMutation',
])

function guestCartFunctionTargets(fx: Fixture, targets: Target[]): Target[] {
  const aimed = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null).replaceAll(fx.orderFormId || '\u0000', fx.guestOrderFormId)) as unknown
  return targets
    .filter((t) => GUEST_CART_FUNCTIONS.has(t.name))
    .map((t) => ({ ...t, name: `${t.name} (guest cart)`, guestCart: true, query: t.query && (aimed(t.query) as Target['query']), body: t.body && aimed(t.body) }))
}

/** Every platform route that takes an order form by its id, aimed at the guest's order form. */
function guestCartPlatformTargets(fx: Fixture, line: object): Target[] {
  const t = (method: string, path: string, rest: Partial<Target> = {}): Target => ({
    name: `pf ${method} ${path} (guest cart)`,
    side: 'platform',
    method,
    path,
    params: { id: fx.guestOrderFormId },
    cookie: false,
    guestCart: true,
    ...rest,
  })
  return [
    t('GET', '/api/orderforms/:id'),
    t('POST', '/api/orderforms/:id/items', { body: { ...line, quantity: 1 } }),
    t('PATCH', '/api/orderforms/:id/items', { body: { ...line, quantity: 3 } }),
    t('POST', '/api/orderforms/:id/items/remove', { body: line }),
    t('PUT', '/api/orderforms/:id/items', { body: { items: [{ ...line, quantity: 2 }] } }),
    t('GET', '/api/orderforms/:id/pickup'),
    t('PUT', '/api/orderforms/:id/pickup', { body: { storeId: fx.storeId } }),
  ]
}

export function platformTargets(fx: Fixture, adminToken: string): Target[] {
  const line = { sku: fx.sku, seller: '1', attachments: [{ name: 'frequency', value: '30' }] }
  const t = (method: string, path: string, rest: Partial<Target> = {}): Target => ({ name: `pf ${method} ${path}`, side: 'platform', method, path, cookie: true, ...rest })
  const id = { id: fx.orderFormId }
  return [
    t('GET', '/api/health'),
    t('GET', '/api/catalog/categories'),
    t('GET', '/api/catalog/brands'),
    t('GET', '/api/catalog/products', { query: { page: '0', pageSize: '5' } }),
    t('GET', '/api/catalog/products/:slug', { params: { slug: fx.slug } }),
    t('GET', '/api/catalog/search', { query: { q: 'cane', brand: ['a'], fq: ['size:M'], sort: 'price_asc', page: '0', pageSize: '5' } }),
    t('GET', '/api/catalog/suggestions', { query: { q: 'cro', terms: '3', products: '2' } }),
    t('GET', '/api/catalog/skus/:sku/loyalty', { params: { sku: fx.sku } }),
    t('GET', '/api/session'),
    t('POST', '/api/session/login', { body: { email: 'nobody@example.it', password: 'wrong-password' }, cookie: false }),
    t('POST', '/api/session/logout', { cookie: false }),
    t('GET', '/api/session/profile'),
    t('GET', '/api/session/addresses'),
    t('POST', '/api/orderforms'),
    t('GET', '/api/orderforms/:id', { params: id }),
    t('POST', '/api/orderforms/:id/items', { params: id, body: { ...line, quantity: 1 } }),
    t('PATCH', '/api/orderforms/:id/items', { params: id, body: { ...line, quantity: 3 } }),
    t('POST', '/api/orderforms/:id/items/remove', { params: id, body: line }),
    t('PUT', '/api/orderforms/:id/items', { params: id, body: { items: [{ ...line, quantity: 2 }] } }),
    t('POST', '/api/orders/lookup', { body: { orderNumber: 'PF-000001', email: fx.email } }),
    t('POST', '/api/orders/lookup-attempts'),
    t('DELETE', '/api/orders/lookup-attempts/:receipt', { params: { receipt: '0123456789abcdef0123456789abcdef' } }),
    t('GET', '/api/saved-carts/owner', { query: { orderFormId: fx.orderFormId } }),
    t('GET', '/api/saved-carts/mine', { query: { nullOnEmpty: 'true' } }),
    t('PUT', '/api/saved-carts/mine', { body: { orderFormId: fx.orderFormId } }),
    t('POST', '/api/saved-carts/mine/merge', { body: { savedOrderFormId: fx.orderFormId, currentOrderFormId: fx.otherOrderFormId, strategy: 'COMBINE' } }),
    t('GET', '/api/wishlist'),
    t('POST', '/api/wishlist', { body: { sku: fx.sku } }),
    t('DELETE', '/api/wishlist/:itemId', { params: { itemId: fx.wishlistItemId } }),
    t('POST', '/api/stores/search', { body: { lat: 45.46, lng: 9.19, radius: 50_000, items: [{ sku: fx.sku, quantity: 1 }], limit: 5 } }),
    t('POST', '/api/stores/:id', { params: { id: fx.storeId }, body: { items: [{ sku: fx.sku, quantity: 1 }] } }),
    t('POST', '/api/stores/by-seller/:id', { params: { id: fx.sellerId }, body: { items: [{ sku: fx.sku, quantity: 1 }] } }),
    t('GET', '/api/session/favourite-store'),
    t('PUT', '/api/session/favourite-store', { body: { storeId: fx.storeId } }),
    t('GET', '/api/orderforms/:id/pickup', { params: id }),
    t('PUT', '/api/orderforms/:id/pickup', { params: id, body: { storeId: fx.storeId } }),
    ...guestCartPlatformTargets(fx, line),
    t('GET', '/api/geo/lookup', { query: { q: 'Milano' } }),
    t('GET', '/api/geo/reverse', { query: { lat: '45.46', lng: '9.19' } }),
    t('PATCH', '/api/admin/skus/:sku', { params: { sku: fx.sku }, body: { price: 10 }, headers: { 'x-admin-token': adminToken } }),
    t('GET', '/api/admin/orders/:orderNumber', { params: { orderNumber: 'PF-100001' }, headers: { 'x-admin-token': adminToken } }),
  ]
}

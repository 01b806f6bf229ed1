/**
 * The Functions' addresses and methods without their schemas: what the browser needs to send a request,
 * or to find the search answer in a page, before the parser chunk, which holds the schemas
 * (./browserSchemas), has loaded (req PERF-01).
 */
import type { FunctionName, functionRoutes } from './routes'

/** The address of a Function, with its `[param]` segments filled in. */
export function functionPath(name: string, params: Record<string, string> = {}): string {
  return `/api/${name.replace(/\[(\w+)\]/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))}`
}

/** A query object as a query string, repeated keys kept (the Functions read them back as arrays). */
export function toSearchParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) params.append(key, String(v))
  }
  return params
}

export const GRAPHQL_PATH = '/api/graphql'

/** Operations whose name ends in Query are read with GET; everything else is POSTed (req CALL-14). */
export function graphqlMethod(operationName: string): 'GET' | 'POST' {
  return operationName.endsWith('Query') ? 'GET' : 'POST'
}

/**
 * Each Function's method. Typed from the route table, so an entry that differs from its route's method,
 * or a route missing here, does not compile.
 */
export const functionMethods: { [N in FunctionName]: (typeof functionRoutes)[N]['method'] } = {
  'checkout/getCartInformation': 'GET',
  'checkout/addCartItem': 'POST',
  'checkout/updateCartItem': 'POST',
  'checkout/removeCartItem': 'POST',
  'product/getLoyaltyMultiplier/[sku]': 'GET',
  'search/results': 'GET',
  'search/suggestions': 'GET',
  'userAccount/getIsVet': 'POST',
  'store/getSellerIdByStoreId': 'POST',
  'store/getStoreList': 'POST',
  'store/getFavouriteStore': 'POST',
  'store/getStoreDetails': 'POST',
  'store/getStoreListByProducts': 'POST',
  'store/getStoreListBySellerAccount': 'POST',
  'store/getPickupPointById': 'POST',
  'store/setShippingData': 'POST',
  'store/saveFavouriteStore': 'POST',
  'store/getUserPostalCode': 'POST',
  'store/getPostalCode': 'POST',
  'sharedCart/getSharedCustomer': 'POST',
  'sharedCart/getSharedCart': 'POST',
  'sharedCart/saveSharedCart': 'POST',
  'sharedCart/mergeSharedCart': 'POST',
  'userAccount/getBkid': 'GET',
  'wishlist/getWishlist': 'GET',
  'wishlist/addProduct': 'POST',
  'wishlist/removeProduct': 'DELETE',
  'order/getGuestOrder': 'POST',
}

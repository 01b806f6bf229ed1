/**
 * The route table of the Functions (req CALL-01): for each, its method, what it
 * takes and what it answers. A Function serves its entry (`serveRoute` in
 * src/handlers/http.ts) and the browser calls it by name (src/sdk/core/client.ts),
 * so both sides read one definition. Names are the Functions' file paths
 * under src/api, `[param]` segments included.
 */
import type { z } from 'zod/v4/mini'
import {
  Cart,
  IsVet,
  LoyaltyMultiplier,
  SearchResults,
  Suggestions,
  ValidateCartData,
  ValidateSessionData,
} from './answers'
import {
  AddCartItemBody,
  AddToCartForm,
  CartInfoQuery,
  IsVetBody,
  LoyaltyMultiplierParams,
  RemoveCartItemBody,
  SearchResultsQuery,
  SuggestionsQuery,
  UpdateCartItemBody,
  ValidateCartVariables,
  ValidateSessionVariables,
} from './inputs'
import { storeRoutes } from './store'
import { identityRoutes } from './identity'
import { functionPath } from './paths'

export { functionPath, toSearchParams, GRAPHQL_PATH, graphqlMethod } from './paths'

type Schema = z.ZodMiniType

export interface FunctionRoute {
  method: 'GET' | 'POST' | 'DELETE'
  /** The `[name]` segments of the path. */
  params?: Schema
  query?: Schema
  body?: Schema
  answer: Schema
}

export const functionRoutes = {
  'checkout/getCartInformation': { method: 'GET', query: CartInfoQuery, answer: Cart },
  'checkout/addCartItem': { method: 'POST', body: AddCartItemBody, answer: Cart },
  'checkout/updateCartItem': { method: 'POST', body: UpdateCartItemBody, answer: Cart },
  'checkout/removeCartItem': { method: 'POST', body: RemoveCartItemBody, answer: Cart },
  'product/getLoyaltyMultiplier/[sku]': { method: 'GET', params: LoyaltyMultiplierParams, answer: LoyaltyMultiplier },
  'search/results': { method: 'GET', query: SearchResultsQuery, answer: SearchResults },
  'search/suggestions': { method: 'GET', query: SuggestionsQuery, answer: Suggestions },
  'userAccount/getIsVet': { method: 'POST', body: IsVetBody, answer: IsVet },
  ...storeRoutes,
  ...identityRoutes,
} as const satisfies Record<string, FunctionRoute>

/**
 * The Functions a plain HTML form posts to (req CART-30): a form-encoded body
 * from a page of this site, answered with a page (a 303 to the next one), not
 * JSON. The production server reads form bodies for these paths only.
 */
export const formRoutes = {
  'cart/add': { method: 'POST', body: AddToCartForm },
} as const satisfies Record<string, Omit<FunctionRoute, 'answer'>>

export type FormName = keyof typeof formRoutes

export const formPaths: readonly string[] = Object.keys(formRoutes).map((name) => functionPath(name))

/**
 * The Functions a plain link leads to (req CART-30): they change nothing and answer with a page (a 303), so
 * they take no body and need no origin check. The login's way out and way back (src/handlers/login.ts) are such
 * links: they set only cookies of the login's own, and a link from another site binds no one.
 */
export const linkRoutes = {
  'cart/checkout': { method: 'GET' },
  'account/login': { method: 'GET' },
  'account/loginReturn': { method: 'GET' },
} as const satisfies Record<string, Pick<FunctionRoute, 'method'>>

export type FunctionName = keyof typeof functionRoutes
type RouteOf<N extends FunctionName> = (typeof functionRoutes)[N]
type Part = 'params' | 'query' | 'body'

/** What a call sends: the route's params, query and body as the caller writes them (before defaults). */
export type FunctionInput<N extends FunctionName> = {
  [K in keyof RouteOf<N> & Part]: RouteOf<N>[K] extends Schema ? z.input<RouteOf<N>[K]> : never
}
/** What a route answers once parsed. */
export type FunctionAnswer<N extends FunctionName> = z.output<RouteOf<N>['answer']>
/** What a route's handler must return: anything its answer schema accepts. */
export type FunctionResult<N extends FunctionName> = z.input<RouteOf<N>['answer']>


export interface GraphQLOperation {
  variables: Schema
  data: Schema
}

/** The operations behind /api/graphql; src/handlers/operations.ts resolves each. */
export const graphqlOperations = {
  ValidateCartMutation: { variables: ValidateCartVariables, data: ValidateCartData },
  ValidateSession: { variables: ValidateSessionVariables, data: ValidateSessionData },
} as const satisfies Record<string, GraphQLOperation>

export type OperationName = keyof typeof graphqlOperations
/** The variables a resolver receives, parsed. */
export type OperationVariables<N extends OperationName> = z.output<(typeof graphqlOperations)[N]['variables']>
/** What a resolver must return: anything the operation's data schema accepts. */
export type OperationResult<N extends OperationName> = z.input<(typeof graphqlOperations)[N]['data']>

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(graphqlOperations, name)
}


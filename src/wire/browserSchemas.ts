/**
 * The schemas the browser parses with: the answers of the Functions it calls and what it keeps in
 * storage. They load with zod, as the parser chunk (`loadParser` in ./zod), so no page's first load
 * carries their definitions (req PERF-01); browser code reads them through `wireSchema` and `wire()`.
 */
export { Cart, CartItem, CartMessage, FunctionError, GraphQLAnswer } from './answers'
export { BkidAnswer, WishlistItem } from './identity'
export { FavouriteStore, StoreView } from './store'
export { functionRoutes, graphqlOperations } from './routes'
export { ServedSearch } from './servedSearch'

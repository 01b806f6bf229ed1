/** GET /api/search/suggestions?q= — term completions and products for the search box. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

const SUGGESTED_TERMS = 5
const SUGGESTED_PRODUCTS = 4

export default serveRoute(functionRoutes['search/suggestions'], ({ query }) => getCommerce().catalog.suggestions(query.q, { terms: SUGGESTED_TERMS, products: SUGGESTED_PRODUCTS }))

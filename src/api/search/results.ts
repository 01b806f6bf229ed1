/**
 * GET /api/search/results?{search state} — one page of products with facets,
 * for the search page and for category and brand pages once the shopper
 * filters, sorts or pages. The query string is the page URL's own.
 */
import { getCommerce } from '../../commerce'
import { catalogNames } from '../../handlers/catalogNames'
import { functionSettings, serveRoute } from '../../handlers/http'
import { runSearch } from '../../handlers/search'
import { parseSearchState } from '../../domain/search/state'
import { functionRoutes, toSearchParams } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['search/results'], async ({ query }) => {
  const { catalog } = getCommerce()
  const state = parseSearchState(`/s?${toSearchParams(query)}`)
  return runSearch(catalog, state, await catalogNames(catalog))
})

/** GET /api/search/suggestions?q= — term completions and products for the search box. */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../server/http'
import { SuggestionsQuery } from '../../server/searchSchemas'

export const { config } = functionSettings

const SUGGESTED_TERMS = 5
const SUGGESTED_PRODUCTS = 4

export default defineFunction({
  methods: ['GET'],
  query: SuggestionsQuery,
  handle: ({ query }) => getCommerce().catalog.suggestions(query.q, { terms: SUGGESTED_TERMS, products: SUGGESTED_PRODUCTS }),
})

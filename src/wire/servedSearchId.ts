/**
 * The id of the JSON script carrying the search answer a search page was rendered with (./servedSearch.ts):
 * a module of its own, since the search page's first load reads it and needs nothing else of the wire.
 */
export const SERVED_SEARCH_ID = 'served-search'

/**
 * The search answer a search page was rendered with (req SEARCH-13). The production server renders
 * `/s?q=…` with the search Function's answer for its view (serve/searchPage.ts) and embeds that answer
 * in the page as a JSON script; the browser parses it as the listing's first answer
 * (src/sdk/search/served.ts), so the results hydrate instead of being asked for again.
 */
import { SearchResults } from './answers'
import { SERVED_SEARCH_ID } from './servedSearchId'
import { z } from './zod'

export { SERVED_SEARCH_ID }

export const ServedSearch = z.object({
  /** The view's canonical path and query (`formatSearchState`): the answer is for this view only. */
  path: z.string(),
  results: SearchResults,
})
export type ServedSearch = z.output<typeof ServedSearch>

/**
 * The script that carries the answer. JSON may hold `</script>` or `<!--` inside a string, which would
 * end the script or change how it is parsed: every `<` is written as `\u003c`, which JSON reads back the
 * same. U+2028 and U+2029 are escaped too, so the text stays one line whatever reads it.
 */
export function servedSearchScript(served: ServedSearch): string {
  const json = JSON.stringify(served)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${SERVED_SEARCH_ID}">${json}</script>`
}

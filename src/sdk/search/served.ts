/**
 * The answer a search page was rendered with (req SEARCH-13). The production server renders
 * `/s?q=…` with the first page of results and embeds the search Function's answer it rendered in the
 * page (src/wire/servedSearch.ts); this module hands that answer to the listing as its first answer, so
 * the results the shopper already sees hydrate as they are: no second request, no flash.
 *
 * - The answer is parsed with the Function's own answer schema, never cast. zod stays out of the first
 *   load: the browser asks for its chunk as it starts on a page that carries an answer
 *   (./servedParser.ts), and until the chunk is in, reading the answer suspends the page's hydration, a
 *   transition, so React keeps the server's HTML on screen and hydrates it once the chunk has loaded.
 * - It is read once per page load. Once the page has hydrated it stands only for the view it was
 *   rendered for: a client-side navigation to another search shows that search's own results.
 * - On the server render the answer arrives as the page's `serverData` prop and is parsed the same way.
 */
import { formatSearchState, parseSearchState, type SearchState } from '../../domain/search/state'
import type { SearchResults } from '../../domain/search/query'
import { SERVED_SEARCH_ID } from '../../wire/servedSearchId'
import { loadParser, parserLoaded, wireSchema } from '../../wire/zod'
import { rememberResults } from './resultsCache'

export interface ServedView {
  state: SearchState
  results: SearchResults
}

export interface Parser {
  loaded(): boolean
  load(): Promise<void>
}

const lazyParser: Parser = { loaded: parserLoaded, load: loadParser }

/** The canonical path of the view an address shows. */
export const viewPath = (address: string): string => formatSearchState(parseSearchState(address))

/** An answer parsed, or null when it is not one. */
function parseServed(value: unknown): ServedView | null {
  const parsed = wireSchema('ServedSearch').safeParse(value)
  if (!parsed.success) return null
  return { state: parseSearchState(parsed.data.path), results: parsed.data.results }
}

/**
 * The view the server rendered the page with, from its `serverData` prop: the server render parses it
 * at once (the parser is installed there from the start).
 */
export function servedOnServer(serverData: unknown): ServedView | null {
  const served = (serverData as { search?: unknown } | null | undefined)?.search
  return served === undefined ? null : parseServed(served)
}

/** undefined: not read yet; null: the page carries no answer, or a bad one. */
let taken: ServedView | null | undefined
/** Whether the search page the document was loaded with has hydrated. */
let hydrated = false

/**
 * The view the page's embedded answer holds, or null. Until the page has hydrated it is the view the
 * HTML shows, whatever the address (an offline copy of another search's page, kept by the service
 * worker, still hydrates as it is, then asks for its own view); after that, only when `address` shows
 * it. Throws a promise (React's signal to suspend) while the parser loads, the first time only; a parser
 * that fails to load leaves the answer unread, and the listing asks the Function as it would without it.
 */
export function takeServed(address: string, doc: Pick<Document, 'getElementById'> = document, parser: Parser = lazyParser): ServedView | null {
  if (taken === undefined) {
    const script = doc.getElementById(SERVED_SEARCH_ID)
    if (!script) {
      taken = null
    } else if (!parser.loaded()) {
      throw parser.load().catch(() => {
        taken = null
      })
    } else {
      let json: unknown = null
      try {
        json = JSON.parse(script.textContent ?? '')
      } catch {
        // Not JSON: no answer, the listing asks the Function.
      }
      taken = parseServed(json)
      // Kept with the views already seen: coming back to this one later shows it at once.
      if (taken) rememberResults(taken.state, taken.results)
    }
  }
  return taken && (!hydrated || formatSearchState(taken.state) === viewPath(address)) ? taken : null
}

/** Called once the page the document was loaded with has hydrated (an effect of the search page). */
export function servedPageHydrated(): void {
  hydrated = true
}

/** For tests: forget what was read. */
export function resetServed(): void {
  taken = undefined
  hydrated = false
}

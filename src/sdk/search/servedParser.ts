/**
 * A search page the server rendered with its results carries the answer it rendered (./served.ts), which
 * the page reads, with the parser, as it hydrates. The parser's chunk is asked for here, as the browser
 * starts, alongside the page's own resources, so that hydration seldom waits for it. Nothing else of the
 * search code is in the module: every page's first load runs it.
 */
import { loadParser } from '../../wire/zod'
import { SERVED_SEARCH_ID } from '../../wire/servedSearchId'

export function loadServedParser(doc: Pick<Document, 'getElementById'> = document, load: () => Promise<void> = loadParser): void {
  // A failed load is asked for again when the page reads the answer (./served.ts).
  if (doc.getElementById(SERVED_SEARCH_ID)) load().catch(() => undefined)
}

/**
 * The header's search box as a plain form (req SEARCH-06). Submitted before its code runs, it goes to
 * /s natively with a hidden mark beside the term (`via=box`): the search page records a marked term once
 * (src/sdk/search/submit.ts), and the server answers a marked submit without a term with 204 No Content,
 * which leaves the shopper on the page they were on, as the hydrated box does. A link to /s, which never
 * carries the mark, still gets the search page.
 */
export const SUBMIT_MARK = { name: 'via', value: 'box' } as const

/** True for the query string (without its `?`) of a box submitted with an empty or blank term. */
export function isEmptyBoxSubmit(query: string): boolean {
  const params = new URLSearchParams(query)
  return params.get(SUBMIT_MARK.name) === SUBMIT_MARK.value && (params.get('q') ?? '').trim() === ''
}

/**
 * Input schemas of the search Functions. The results Function takes the
 * page's own search state as its query string, so the browser asks for
 * exactly what its URL says.
 */
import { z } from 'zod'
import { MAX_TERM_LENGTH, SEARCH_SORTS } from '../domain/search/state'

const Value = z.string().max(MAX_TERM_LENGTH, `values are at most ${MAX_TERM_LENGTH} characters`)

export const SearchResultsQuery = z
  .object({
    q: Value.optional(),
    sort: z.enum(SEARCH_SORTS, { errorMap: () => ({ message: `sort must be one of ${SEARCH_SORTS.join(', ')}` }) }).optional(),
    page: z.coerce.number().int('page must be a whole number').min(0, 'page is zero-based').max(10_000).optional(),
    facets: z.string().max(500).optional(),
  })
  .catchall(z.union([Value, z.array(Value).max(30, 'at most 30 values per facet')], { errorMap: () => ({ message: 'facet values must be text' }) }))

export type SearchResultsQuery = z.infer<typeof SearchResultsQuery>

export const SuggestionsQuery = z.object({
  q: z
    .string({ required_error: 'q is required' })
    .trim()
    .min(1, 'q must not be empty')
    .max(MAX_TERM_LENGTH, `q is at most ${MAX_TERM_LENGTH} characters`),
})

/** The query object back as a query string, repeated keys kept. */
export function toSearchParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) params.append(key, String(v))
  }
  return params
}

/**
 * The results of a search state. The prerendered view (a category's default,
 * or the view the server rendered a search page with, src/sdk/search/served.ts)
 * is used as is; any other view is fetched from the search Function, once
 * per URL: going back to a view seen before shows it at once.
 */
import { startTransition, useEffect, useState } from 'react'
import type { SearchResults } from '../../domain/search/query'
import type { SearchState } from '../../domain/search/state'
import type { FunctionInput } from '../../wire/routes'
import { call, RequestError } from '../core/client'
import { rememberedResults, rememberResults, viewKey } from './resultsCache'

export type ResultsStatus =
  | { kind: 'ready'; results: SearchResults }
  | { kind: 'loading'; previous: SearchResults | null }
  /** `stale`: the URL names a filter, brand or category that no longer exists. */
  | { kind: 'error'; stale: boolean; previous: SearchResults | null }

/** The Function's query for a state: the parameters of the page's own URL (values of one facet together). */
export function resultsQuery(state: SearchState): FunctionInput<'search/results'>['query'] {
  const values: Record<string, string[]> = {}
  for (const { key, value } of state.selectedFacets) (values[key] ??= []).push(value)
  const keys = Object.keys(values)
  return {
    ...values,
    ...(state.term !== null && { q: state.term }),
    ...(keys.length > 0 && { facets: keys.join(',') }),
    sort: state.sort,
    page: String(state.page),
  }
}

export async function fetchResults(state: SearchState, signal?: AbortSignal): Promise<SearchResults> {
  const hit = rememberedResults(state)
  if (hit) return hit
  const results = await call('search/results', { query: resultsQuery(state) }, { signal })
  rememberResults(state, results)
  return results
}

/**
 * @param state the view the URL asks for
 * @param prerendered results the page's HTML was rendered with (at build time, or by the server), and the state they are for
 */
export function useSearchResults(state: SearchState, prerendered: { state: SearchState; results: SearchResults } | null): ResultsStatus & { retry(): void } {
  const url = viewKey(state)
  const isPrerendered = prerendered !== null && viewKey(prerendered.state) === url
  // Each status names the view it is for: until the effect below has caught up with a new view, the
  // last view's results are that view's, not this one's.
  const [shown, setShown] = useState<{ url: string; status: ResultsStatus }>(() => ({
    url,
    status: isPrerendered ? { kind: 'ready', results: prerendered.results } : { kind: 'loading', previous: null },
  }))
  const [attempt, setAttempt] = useState(0)
  const previousOf = (status: ResultsStatus) => (status.kind === 'ready' ? status.results : status.previous)

  useEffect(() => {
    if (isPrerendered) {
      // Back on the prerendered view. On the first render it is already shown: answering the same
      // state bails out, where a new object would render the whole grid again right after hydration.
      setShown((current) =>
        current.url === url && current.status.kind === 'ready' && current.status.results === prerendered.results
          ? current
          : { url, status: { kind: 'ready', results: prerendered.results } },
      )
      return
    }
    const controller = new AbortController()
    setShown((current) => ({ url, status: { kind: 'loading', previous: previousOf(current.status) } }))
    fetchResults(state, controller.signal).then(
      // A page of results is a large render: as a transition React renders it in slices and a tap in between is answered at once.
      (results) => startTransition(() => setShown({ url, status: { kind: 'ready', results } })),
      (error: unknown) => {
        if (controller.signal.aborted) return
        const stale = error instanceof RequestError && (error.status === 400 || error.status === 404)
        setShown((current) => ({ url, status: { kind: 'error', stale, previous: current.status.kind === 'loading' ? current.status.previous : null } }))
      },
    )
    return () => controller.abort()
    // The URL is the state: refetch when it changes, or on retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, isPrerendered, attempt])

  const status: ResultsStatus =
    shown.url === url
      ? shown.status
      : isPrerendered
        ? { kind: 'ready', results: prerendered.results }
        : { kind: 'loading', previous: previousOf(shown.status) }
  return { ...status, retry: () => setAttempt((n) => n + 1) }
}

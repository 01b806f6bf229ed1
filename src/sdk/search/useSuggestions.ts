/**
 * Suggestions for what is being typed: asked of the suggestions Function
 * after a short pause in typing, newest question wins, answers kept per term.
 * A failed call shows no suggestions; the search itself still works.
 */
import { useEffect, useState } from 'react'
import type { Suggestions } from '../../domain/types'
import { call, RequestError } from '../core/client'

export const SUGGESTION_DELAY_MS = 200
const empty: Suggestions = { terms: [], products: [] }
const cache = new Map<string, Suggestions>()

export function useSuggestions(term: string): { suggestions: Suggestions; loading: boolean } {
  const key = term.trim().toLocaleLowerCase('it-IT')
  const [state, setState] = useState<{ key: string; suggestions: Suggestions }>({ key: '', suggestions: empty })

  useEffect(() => {
    if (!key) return
    const hit = cache.get(key)
    if (hit) {
      setState({ key, suggestions: hit })
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      call('search/suggestions', { query: { q: key } }, { signal: controller.signal })
        // The Function refused or answered junk: no suggestions for this term. A network failure is asked again next time.
        .catch((error: unknown) => {
          if (error instanceof RequestError) return empty
          throw error
        })
        .then((suggestions) => {
          cache.set(key, suggestions)
          setState({ key, suggestions })
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ key, suggestions: empty })
        })
    }, SUGGESTION_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key])

  if (!key) return { suggestions: empty, loading: false }
  return state.key === key ? { suggestions: state.suggestions, loading: false } : { suggestions: cache.get(key) ?? state.suggestions, loading: true }
}

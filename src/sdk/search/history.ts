/**
 * Recent search terms (spec §3, §5): in local storage under
 * `main::store::searchHistory`, at most 5, newest first, no duplicates
 * (compared without case or surrounding spaces). Storage that is missing,
 * full or holds junk never breaks the search box: it reads as empty.
 */
import { SEARCH_HISTORY_KEY, SEARCH_HISTORY_SIZE } from '../../config/constants'

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const storage = (): StorageLike | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

const normal = (term: string) => term.trim().toLocaleLowerCase('it-IT')

export function readHistory(store: StorageLike | null = storage()): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(SEARCH_HISTORY_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter((t): t is string => typeof t === 'string' && t.trim() !== '').slice(0, SEARCH_HISTORY_SIZE)
  } catch {
    return []
  }
}

/** The history with `term` added in front; pure, for the store and its tests. */
export function withTerm(history: string[], term: string): string[] {
  const trimmed = term.trim()
  if (!trimmed) return history.slice(0, SEARCH_HISTORY_SIZE)
  return [trimmed, ...history.filter((t) => normal(t) !== normal(trimmed))].slice(0, SEARCH_HISTORY_SIZE)
}

export function addToHistory(term: string, store: StorageLike | null = storage()): string[] {
  const next = withTerm(readHistory(store), term)
  try {
    store?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next))
  } catch {
    /* storage full or disabled: the search still runs */
  }
  return next
}

export function removeFromHistory(term: string, store: StorageLike | null = storage()): string[] {
  const next = readHistory(store).filter((t) => normal(t) !== normal(term))
  try {
    store?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next))
  } catch {
    /* nothing to do */
  }
  return next
}

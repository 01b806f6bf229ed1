/**
 * Recent search terms (req SEARCH-07): in local storage under
 * `main::store::searchHistory`, at most 5, newest first, no duplicates
 * (compared without case or surrounding spaces). Storage that is missing,
 * full or holds junk never breaks the search box: it reads as empty.
 */
import { stringsIn } from '../../wire/plain'
import { SEARCH_HISTORY_KEY, SEARCH_HISTORY_SIZE } from '../../config/constants'
import type { Schema } from '../../wire/schema'
import { browserStorage, stored, type StorageLike } from '../core/storage'

const local = () => browserStorage('localStorage')

/** The stored list, keeping its terms and dropping anything else an older page or a hand put in it. */
const History: Schema<string[]> = {
  safeParse(value) {
    const parsed = stringsIn.safeParse(value)
    return parsed.success ? { success: true, data: parsed.data.filter((t) => t.trim() !== '').slice(0, SEARCH_HISTORY_SIZE) } : parsed
  },
}

const normal = (term: string) => term.trim().toLocaleLowerCase('it-IT')

export function readHistory(storage: StorageLike | null = local()): string[] {
  return stored(storage).read(SEARCH_HISTORY_KEY, History) ?? []
}

/** The history with `term` added in front; pure, for the history and its tests. */
export function withTerm(history: string[], term: string): string[] {
  const trimmed = term.trim()
  if (!trimmed) return history.slice(0, SEARCH_HISTORY_SIZE)
  return [trimmed, ...history.filter((t) => normal(t) !== normal(trimmed))].slice(0, SEARCH_HISTORY_SIZE)
}

export function addToHistory(term: string, storage: StorageLike | null = local()): string[] {
  const next = withTerm(readHistory(storage), term)
  // Storage full or disabled: the search still runs.
  stored(storage).write(SEARCH_HISTORY_KEY, next)
  return next
}

export function removeFromHistory(term: string, storage: StorageLike | null = local()): string[] {
  const next = readHistory(storage).filter((t) => normal(t) !== normal(term))
  stored(storage).write(SEARCH_HISTORY_KEY, next)
  return next
}

/**
 * A search submission (req SEARCH-06, SEARCH-09): the term goes into the history and
 * analytics hears of it. The hydrated search box does both before it
 * navigates. A form submitted before hydration lands on /s natively, marked
 * by the box's hidden field (`via=box`): the search page records that term
 * once, then drops the mark from the address with `replaceState`, so a
 * reload, the back button or a copied link (which never carries the mark)
 * does not record it again. A shared link, which never had it, records
 * nothing. An empty submit never lands: the server answers it with 204
 * (src/domain/search/boxSubmit.ts).
 */
import { track } from '../analytics/dataLayer'
import { currentPageType } from '../analytics/pageType'
import { addToHistory } from './history'
import { SUBMIT_MARK } from '../../domain/search/boxSubmit'

/** Adds the term to the history and reports the search; answers the new history. */
export function recordSearch(term: string): string[] {
  const trimmed = term.trim()
  const history = addToHistory(trimmed)
  track('search', { search_term: trimmed, pageType: currentPageType() })
  return history
}

/** The term a form submitted without JavaScript carried, and the address without the mark; null for any other address. */
export function nativeSubmission(href: string): { term: string; cleaned: string } | null {
  const url = new URL(href, 'http://localhost')
  if (url.searchParams.get(SUBMIT_MARK.name) !== SUBMIT_MARK.value) return null
  url.searchParams.delete(SUBMIT_MARK.name)
  const term = url.searchParams.get('q')?.trim() ?? ''
  const cleaned = `${url.pathname}${url.search}${url.hash}`
  return { term, cleaned }
}

/** On the search page, after hydration: records a search submitted before it, once. */
export function recordNativeSubmission(win: Pick<Window, 'location' | 'history'> = window): string | null {
  const found = nativeSubmission(win.location.href)
  if (!found) return null
  win.history.replaceState(win.history.state, '', found.cleaned)
  if (!found.term) return null
  recordSearch(found.term)
  return found.term
}

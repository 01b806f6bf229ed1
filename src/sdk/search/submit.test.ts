/** @jest-environment jsdom */
import { SEARCH_HISTORY_KEY } from '../../config/constants'
import { nativeSubmission, recordNativeSubmission, recordSearch } from './submit'

beforeEach(() => {
  localStorage.clear()
  window.dataLayer = []
  window.history.replaceState(null, '', '/')
})

const history = () => JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]') as string[]

describe('nativeSubmission', () => {
  it('reads the term of a marked address and drops only the mark', () => {
    expect(nativeSubmission('http://127.0.0.1:9000/s?q=crocchette+cane&via=box')).toEqual({ term: 'crocchette cane', cleaned: '/s?q=crocchette+cane' })
    expect(nativeSubmission('/s?via=box&q=%20lettiera%20&sort=price_asc#top')).toEqual({ term: 'lettiera', cleaned: '/s?q=+lettiera+&sort=price_asc#top' })
  })

  it('ignores a shared link, which never carries the mark, and any other value', () => {
    expect(nativeSubmission('/s?q=crocchette')).toBeNull()
    expect(nativeSubmission('/s?q=crocchette&via=link')).toBeNull()
  })
})

describe('recordNativeSubmission', () => {
  it('records the term once and takes the mark off the address, so a reload records nothing', () => {
    window.history.replaceState({ key: 'k1' }, '', '/s?q=crocchette&via=box')
    expect(recordNativeSubmission()).toBe('crocchette')
    expect(history()).toEqual(['crocchette'])
    expect(window.location.search).toBe('?q=crocchette')
    expect(window.history.state).toEqual({ key: 'k1' })
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'search', search_term: 'crocchette' })])

    // The reload of the same entry: no mark left, nothing recorded.
    expect(recordNativeSubmission()).toBeNull()
    expect(window.dataLayer).toHaveLength(1)
  })

  it('six searches from fresh pages keep six terms, newest first, at most five', () => {
    for (const term of ['uno', 'due', 'tre', 'quattro', 'cinque', 'sei']) {
      window.history.replaceState(null, '', `/s?q=${term}&via=box`)
      recordNativeSubmission()
    }
    expect(history()).toEqual(['sei', 'cinque', 'quattro', 'tre', 'due'])
  })

  it('an empty term is ignored, but the mark still leaves the address', () => {
    window.history.replaceState(null, '', '/s?q=%20%20&via=box')
    expect(recordNativeSubmission()).toBeNull()
    expect(history()).toEqual([])
    expect(window.location.search).toBe('?q=++')
  })
})

describe('recordSearch', () => {
  it('adds to the history and tells analytics', () => {
    recordSearch('  Antiparassitari ')
    expect(history()).toEqual(['Antiparassitari'])
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'search', search_term: 'Antiparassitari' })])
  })
})

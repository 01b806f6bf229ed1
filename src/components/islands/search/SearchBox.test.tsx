import { act, fireEvent, screen } from '@testing-library/react'
import { navigate } from 'gatsby'
import { productSummary } from '../../../testing/fixtures'
import { renderWithProviders } from '../../../testing/render'
import { SearchBox } from './SearchBox'

const suggestions = {
  terms: [
    { value: 'crocchette', count: 5 },
    { value: 'crocchette adult', count: 3 },
  ],
  products: [productSummary()],
}

beforeEach(() => {
  jest.useFakeTimers()
  localStorage.clear()
  window.dataLayer = []
  ;(navigate as jest.Mock).mockClear()
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => suggestions })) as unknown as typeof fetch
})
afterEach(() => jest.useRealTimers())

const input = () => screen.getByTestId('search-input') as HTMLInputElement
const submit = () => fireEvent.submit(screen.getByTestId('search-box'))

describe('SearchBox', () => {
  it('ignores an empty submit', () => {
    renderWithProviders(<SearchBox />)
    fireEvent.change(input(), { target: { value: '   ' } })
    submit()
    expect(navigate).not.toHaveBeenCalled()
    expect(window.dataLayer).toEqual([])
    expect(localStorage.getItem('main::store::searchHistory')).toBeNull()
  })

  it('saves the term, sends the search event and goes to /s?q=', () => {
    renderWithProviders(<SearchBox />)
    fireEvent.change(input(), { target: { value: ' lettiera gatto ' } })
    submit()
    expect(navigate).toHaveBeenCalledWith('/s?q=lettiera%20gatto')
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'search', search_term: 'lettiera gatto' })])
    expect(JSON.parse(localStorage.getItem('main::store::searchHistory')!)).toEqual(['lettiera gatto'])
  })

  it('shows recent searches on focus and closes on an outside click', () => {
    localStorage.setItem('main::store::searchHistory', JSON.stringify(['cuccia', 'guinzaglio']))
    renderWithProviders(
      <div>
        <SearchBox />
        <p data-testid="outside">fuori</p>
      </div>,
    )
    expect(screen.getByTestId('search-dropdown').hidden).toBe(true)
    fireEvent.focus(input())
    expect(screen.getByTestId('search-dropdown').hidden).toBe(false)
    expect(screen.getAllByTestId('search-history-item').map((e) => e.textContent)).toEqual(['cuccia', 'guinzaglio'])
    fireEvent.mouseDown(screen.getByTestId('outside'))
    expect(screen.getByTestId('search-dropdown').hidden).toBe(true)
  })

  it('suggests terms and products while typing, moves with the arrow keys and picks with Enter', async () => {
    renderWithProviders(<SearchBox />)
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: 'crocch' } })
    await act(async () => {
      jest.advanceTimersByTime(250)
    })
    expect(global.fetch).toHaveBeenCalledWith('/api/search/suggestions?q=crocch', expect.anything())
    expect(screen.getAllByTestId('search-suggestion-term')).toHaveLength(2)
    expect(screen.getAllByTestId('search-suggestion-product')).toHaveLength(1)

    fireEvent.keyDown(input(), { key: 'ArrowDown' })
    fireEvent.keyDown(input(), { key: 'ArrowDown' })
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByTestId('search-suggestion-term')[1]!.id)
    submit()
    expect(navigate).toHaveBeenCalledWith('/s?q=crocchette%20adult')
    expect(screen.getByTestId('search-dropdown').hidden).toBe(true)
  })

  it('goes to a suggested product page on click', async () => {
    renderWithProviders(<SearchBox />)
    fireEvent.focus(input())
    fireEvent.change(input(), { target: { value: 'crocch' } })
    await act(async () => {
      jest.advanceTimersByTime(250)
    })
    fireEvent.click(screen.getByTestId('search-suggestion-product'))
    expect(navigate).toHaveBeenCalledWith('/crocchette-adult-pollo/p')
  })

  it('keeps the id it is given for its input', () => {
    renderWithProviders(<SearchBox id="mobile-search" />)
    expect(input().id).toBe('mobile-search')
  })
})

import { act, renderHook, waitFor } from '@testing-library/react'
import { navigate } from 'gatsby'
import type { SearchResults } from '../../domain/search/query'
import { categoryFacets, parseSearchState } from '../../domain/search/state'
import { useListingState } from './useListingState'

const results = (total: number, selected: SearchResults['selected'] = []): SearchResults => ({ products: [], facets: [], total, page: 0, pageSize: 24, selected })

const fixed = categoryFacets('cane')

beforeEach(() => {
  ;(navigate as jest.Mock).mockClear()
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => results(7, [{ key: 'brand', value: 'monge', label: 'Monge' }]) })) as unknown as typeof fetch
})

describe('useListingState', () => {
  it('shows the prerendered default view without asking the Function', () => {
    const { result } = renderHook(() => useListingState({ location: { pathname: '/cane', search: '' }, fixed, prerendered: results(50) }))
    expect(result.current.status.kind).toBe('ready')
    expect(result.current.total).toBe(50)
    expect(result.current.pages).toBe(3)
    expect(result.current.chips).toEqual([])
    expect(result.current.listingProps['data-hydrated']).toBe(true)
    expect(global.fetch).not.toHaveBeenCalled()
  })

  it('reads the query string once hydrated, fetches that view and names its removable filters', async () => {
    const search = '?category-1=cane&brand=monge&facets=category-1,brand&sort=score_desc&page=0'
    const { result } = renderHook(() => useListingState({ location: { pathname: '/cane', search }, fixed, prerendered: results(50) }))
    await waitFor(() => expect(result.current.status.kind).toBe('ready'))
    expect(result.current.total).toBe(7)
    expect(result.current.chips).toEqual([{ key: 'brand', value: 'monge', label: 'Monge' }])
    expect(result.current.listingProps['data-state']).toContain('brand=monge')
  })

  it('is busy from the tap until the chosen view’s results are shown', async () => {
    let location = { pathname: '/cane', search: '' }
    const { result, rerender } = renderHook(() => useListingState({ location, fixed, prerendered: results(50) }))
    expect(result.current.listingProps['aria-busy']).toBe(false)
    act(() => result.current.sortProps.onChange({ target: { value: 'price_asc' } } as never))
    // The URL has not changed yet: the listing still says it is busy.
    expect(result.current.listingProps['aria-busy']).toBe(true)
    location = { pathname: '/cane', search: (navigate as jest.Mock).mock.calls[0]![0].replace(/^[^?]*/, '') as string }
    rerender()
    expect(result.current.listingProps['aria-busy']).toBe(true)
    await waitFor(() => expect(result.current.status.kind).toBe('ready'))
    expect(result.current.listingProps['aria-busy']).toBe(false)
    expect(result.current.total).toBe(7)
  })

  it('shows a choice at once and navigates to its URL; the fixed category is never removed', () => {
    const { result } = renderHook(() => useListingState({ location: { pathname: '/cane', search: '' }, fixed, prerendered: results(50) }))
    act(() => result.current.toggle({ key: 'brand', value: 'monge' }))
    const url = (navigate as jest.Mock).mock.calls[0]![0] as string
    expect(parseSearchState(url, fixed).selectedFacets).toEqual([...fixed, { key: 'brand', value: 'monge' }])
    expect(result.current.state.selectedFacets).toContainEqual({ key: 'brand', value: 'monge' })
    act(() => result.current.sortProps.onChange({ target: { value: 'price_asc' } } as never))
    expect(result.current.state.sort).toBe('price_asc')
    act(() => result.current.clearAll())
    expect(result.current.state.selectedFacets).toEqual(fixed)
    expect(parseSearchState(result.current.hrefOfPage(2), fixed).page).toBe(2)
  })
})

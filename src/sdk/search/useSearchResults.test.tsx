import { act, render } from '@testing-library/react'
import type { SearchResults } from '../../domain/search/query'
import { initSearchState, type SearchState } from '../../domain/search/state'
import { useSearchResults } from './useSearchResults'

const results = (total: number): SearchResults => ({ products: [], facets: [], total, page: 0, pageSize: 24, selected: [] })

beforeEach(() => {
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => results(3) })) as unknown as typeof fetch
})

function Probe({ state, prerendered, renders }: { state: SearchState; prerendered: { state: SearchState; results: SearchResults }; renders: string[] }) {
  const status = useSearchResults(state, prerendered)
  renders.push(status.kind === 'ready' ? `ready ${status.results.total}` : status.kind)
  return null
}

describe('useSearchResults', () => {
  const base = initSearchState({ base: '/cane' })
  const prerendered = { state: base, results: results(50) }

  it('shows the prerendered view in one render, without asking the Function', async () => {
    const renders: string[] = []
    await act(async () => void render(<Probe state={base} prerendered={prerendered} renders={renders} />))
    expect(renders).toEqual(['ready 50'])
    expect(global.fetch).not.toHaveBeenCalled()
  })

  it('fetches another view, and comes back to the prerendered one', async () => {
    const renders: string[] = []
    const other = initSearchState({ base: '/cane', sort: 'price_asc' })
    const view = await act(async () => render(<Probe state={other} prerendered={prerendered} renders={renders} />))
    expect(renders.at(-1)).toBe('ready 3')
    await act(async () => void view.rerender(<Probe state={base} prerendered={prerendered} renders={renders} />))
    expect(renders.at(-1)).toBe('ready 50')
  })

  it('is loading from the very render its view changes, never showing the last view’s results as ready for the new one', async () => {
    const renders: string[] = []
    const view = await act(async () => render(<Probe state={base} prerendered={prerendered} renders={renders} />))
    const next = initSearchState({ base: '/cane', page: 1 })
    renders.length = 0
    await act(async () => void view.rerender(<Probe state={next} prerendered={prerendered} renders={renders} />))
    expect(renders[0]).toBe('loading')
    expect(renders.at(-1)).toBe('ready 3')
  })
})

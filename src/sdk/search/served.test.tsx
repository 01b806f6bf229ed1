import { act, renderHook } from '@testing-library/react'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from '../../testing/serverRender'
import type { SearchResults } from '../../domain/search/query'
import { SERVED_SEARCH_ID, servedSearchScript } from '../../wire/servedSearch'
import { servedOnServer, servedPageHydrated, resetServed, takeServed, viewPath, type Parser, type ServedView } from './served'
import { fetchResults } from './useSearchResults'
import { useListingState } from './useListingState'

const results = (total: number): SearchResults => ({
  products: [],
  facets: [{ key: 'brand', label: 'Marca', values: [{ value: 'royal', label: 'Royal', quantity: total, selected: false }] }],
  total,
  page: 0,
  pageSize: 24,
  selected: [],
})
const PATH = '/s?q=crocchette&sort=score_desc&page=0'

/** A document holding what the server embeds; `text` replaces the script's JSON. */
function pageWith(answer: unknown, text?: string): void {
  document.body.innerHTML = text === undefined ? servedSearchScript(answer as never) : `<script type="application/json" id="${SERVED_SEARCH_ID}">${text}</script>`
}

/** A parser that loads when told to. */
function lazyParser(): Parser & { finish(ok: boolean): Promise<void>; loads: number } {
  let loaded = false
  let settle!: (ok: boolean) => void
  const loading = new Promise<boolean>((resolve) => (settle = resolve))
  const parser = {
    loads: 0,
    loaded: () => loaded,
    load: () => {
      parser.loads++
      return loading.then((ok) => {
        if (!ok) throw new Error('chunk failed')
        loaded = true
      })
    },
    finish: async (ok: boolean) => {
      settle(ok)
      await loading.catch(() => undefined)
    },
  }
  return parser
}

const ready: Parser = { loaded: () => true, load: async () => undefined }

beforeEach(() => {
  resetServed()
  document.body.innerHTML = ''
  global.fetch = jest.fn(async () => ({ ok: true, json: async () => results(1) })) as unknown as typeof fetch
})

describe('the served search answer (req SEARCH-13)', () => {
  it('is the embedded answer, parsed, for the address it was rendered for', () => {
    pageWith({ path: PATH, results: results(40) })
    const view = takeServed('/s?q=crocchette', document, ready)
    expect(view?.results).toEqual(results(40))
    expect(view && viewPath(`/s?${new URLSearchParams({ q: view.state.term! })}`)).toBe(PATH)
    // Read once: the same object every time, so the listing does not render again.
    expect(takeServed('/s?page=0&q=crocchette', document, ready)).toBe(view)
  })

  it('stands for its own view only once the page has hydrated', () => {
    pageWith({ path: PATH, results: results(40) })
    // Before: the HTML shows it, whatever the address (an offline copy of another search's page).
    expect(takeServed('/s?q=lettiera', document, ready)).not.toBeNull()
    servedPageHydrated()
    expect(takeServed('/s?q=lettiera', document, ready)).toBeNull()
    expect(takeServed('/s?q=crocchette', document, ready)).not.toBeNull()
  })

  it('suspends while the parser loads, then reads the answer; a parser that never loads leaves it unread', async () => {
    pageWith({ path: PATH, results: results(40) })
    const parser = lazyParser()
    let thrown: unknown
    try {
      takeServed('/s?q=crocchette', document, parser)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Promise)
    await parser.finish(true)
    await thrown
    expect(takeServed('/s?q=crocchette', document, parser)?.results.total).toBe(40)

    resetServed()
    const failing = lazyParser()
    const pending = (() => {
      try {
        takeServed('/s?q=crocchette', document, failing)
      } catch (error) {
        return error as Promise<void>
      }
    })()
    await failing.finish(false)
    await pending
    expect(takeServed('/s?q=crocchette', document, failing)).toBeNull()
  })

  it('is nothing for a page without an answer, with text that is not JSON, or an answer that does not parse', () => {
    expect(takeServed('/s?q=crocchette', document, ready)).toBeNull()
    for (const text of ['{"path":', JSON.stringify({ path: PATH, results: { ...results(3), total: 'many' } }), JSON.stringify({ results: results(3) }), 'null']) {
      resetServed()
      pageWith(null, text)
      expect(takeServed('/s?q=crocchette', document, ready)).toBeNull()
    }
  })

  it('drops what the schema does not know instead of passing it on', () => {
    pageWith({ path: PATH, results: { ...results(3), injected: '<img onerror=alert(1)>' } })
    expect(takeServed('/s?q=crocchette', document, ready)?.results).toEqual(results(3))
  })

  it('is kept with the views seen: coming back to it later asks nothing', async () => {
    pageWith({ path: PATH, results: results(40) })
    const view = takeServed('/s?q=crocchette', document, ready)!
    expect(await fetchResults(view.state)).toEqual(results(40))
    expect(global.fetch).not.toHaveBeenCalled()
  })

  it('is parsed from the serverData prop on the server render', () => {
    expect(servedOnServer({ search: { path: PATH, results: results(2) } })?.results.total).toBe(2)
    expect(servedOnServer({ search: { path: PATH, results: { total: 2 } } })).toBeNull()
    expect(servedOnServer(undefined)).toBeNull()
  })

  it('starts the listing from the served view before hydration, and asks nothing after it', async () => {
    pageWith({ path: PATH, results: results(40) })
    const served = takeServed('/s?q=crocchette', document, ready)
    const { result } = renderHook(() => useListingState({ location: { pathname: '/s', search: '?q=crocchette' }, served }))
    expect(result.current.status.kind).toBe('ready')
    expect(result.current.total).toBe(40)
    expect(result.current.listingProps['data-hydrated']).toBe(true)
    await act(async () => undefined)
    expect(global.fetch).not.toHaveBeenCalled()
  })
})

describe('hydrating a served search page', () => {
  function Listing({ served }: { served: ServedView | null }) {
    const { results, listingProps } = useListingState({ location: { pathname: '/s', search: '?q=crocchette' }, served })
    return (
      <ul data-state={listingProps['data-state']}>
        {results?.facets[0]?.values.map((value) => (
          <li key={value.value}>
            {value.label} ({value.quantity})
          </li>
        ))}
      </ul>
    )
  }

  function Page({ parser }: { parser: Parser }) {
    return <Listing served={takeServed('/s?q=crocchette', document, parser)} />
  }

  it('keeps the server’s nodes while the parser loads, hydrates them as they are, and asks nothing', async () => {
    const served = { path: PATH, results: results(40) }
    // No Suspense boundary, as on the search page: the page's hydration, a transition (gatsby-browser), waits.
    const html = renderToString(<Listing served={servedOnServer({ search: served })} />)
    expect(html).not.toContain('<!--$')
    document.body.innerHTML = `<div id="root">${html}</div>${servedSearchScript(served)}`
    const root = document.getElementById('root')!
    const item = root.querySelector('li')!
    expect(item.textContent).toBe('Royal (40)')
    const parser = lazyParser()
    const errors: unknown[] = []
    await act(async () => {
      startTransition(() => {
        hydrateRoot(root, <Page parser={parser} />, { onRecoverableError: (error) => errors.push(error) })
      })
    })
    // Suspended on the parser: the server's HTML stays.
    expect(parser.loads).toBe(1)
    expect(root.querySelector('li')).toBe(item)
    await act(async () => parser.finish(true))
    expect(root.querySelector('li')).toBe(item)
    expect(item.textContent).toBe('Royal (40)')
    expect(errors).toEqual([])
    expect(global.fetch).not.toHaveBeenCalled()
  })
})

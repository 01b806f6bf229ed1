import { act } from '@testing-library/react'
import { useState, type ComponentType } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from '../../testing/serverRender'
import { earlyTapScript, replayEarlyTaps } from '../../sdk/core/earlyTaps'
import { useStableId } from '../../sdk/core/stableId'
import { UIProvider, usePanel } from '../../sdk/shell/panels'
import { island, whenIslandsHydrated } from './island'

interface Props {
  label: string
}

/** The label of each click the island handled, in order. */
const clicks: string[] = []

/** An island: a counter button whose id comes from useStableId, and the account panel's state from the page's root. */
function Counter({ label }: Props) {
  const [count, setCount] = useState(0)
  const id = useStableId('count')
  const { isOpen } = usePanel('account')
  return (
    <p>
      <button
        type="button"
        aria-describedby={id}
        onClick={() => {
          clicks.push(label)
          setCount((n) => n + 1)
        }}
      >
        {label}
      </button>
      <span id={id}>{count}</span>
      <span data-testid="panel">{isOpen ? 'open' : 'closed'}</span>
    </p>
  )
}

/** A page around the island, with a button of the page's root that opens a panel. */
function page(Island: ComponentType<Props>, label: string) {
  function Opener() {
    const { open } = usePanel('account')
    return (
      <button type="button" data-testid="opener" onClick={open}>
        apri
      </button>
    )
  }
  return (
    <UIProvider>
      <Opener />
      <Island label={label} />
    </UIProvider>
  )
}

const settle = (ms = 0) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

// The head's inline script, loaded once as a page does; each test starts before the page's hydration.
beforeAll(() => new Function(earlyTapScript)())
beforeEach(() => {
  document.body.innerHTML = ''
  delete window.__hydrated
  window.__earlyTaps!.length = 0
  clicks.length = 0
})
afterEach(() => {
  window.__hydrated = true
})

/** A mismatch React recovers from in an island's own root reaches only the console: none is allowed. */
let consoleError: jest.SpyInstance
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error')
})
afterEach(() => {
  const mismatches = consoleError.mock.calls.map((call) => String(call[0])).filter((text) => /hydrat|did not match|not wrapped in act/i.test(text))
  consoleError.mockRestore()
  expect(mismatches).toEqual([])
})

async function hydratePage(label = 'Conta') {
  const html = renderToString(page(island(Counter, () => Promise.resolve(Counter)), label))
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.appendChild(container)
  const chunk = deferred<ComponentType<Props>>()
  const load = jest.fn(() => chunk.promise)
  const Browser = island(null, load)
  const errors: unknown[] = []
  let pageRoot!: ReturnType<typeof hydrateRoot>
  await act(async () => {
    pageRoot = hydrateRoot(container, page(Browser, label), { onRecoverableError: (error) => errors.push(error) })
  })
  replayEarlyTaps()
  /** The page's root rendering the island with other props, as a parent's state change does. */
  const renderPage = (next: string) => act(async () => pageRoot.render(page(Browser, next)))
  return { container, html, chunk, load, errors, renderPage }
}

describe('island', () => {
  it('renders its component on the server inside a pending box, its ids named after the box', () => {
    const html = renderToString(page(island(Counter, () => Promise.resolve(Counter)), 'Conta'))
    const box = html.match(/<div data-island="([^"]+)" data-island-pending="">/)
    expect(box).not.toBeNull()
    expect(html).toContain(`id="${box![1]}-count"`)
  })

  it('keeps the server HTML until its chunk arrives, then hydrates the same nodes in a root of its own', async () => {
    const { container, chunk, load, errors } = await hydratePage()
    const button = container.querySelector('button[aria-describedby]')!
    const settled = jest.fn()
    whenIslandsHydrated(settled)
    expect(container.querySelector('[data-island-pending]')).not.toBeNull()
    expect(settled).not.toHaveBeenCalled()

    // The browser's first idle moment asks for the chunk.
    await settle(250)
    expect(load).toHaveBeenCalledTimes(1)
    await act(async () => chunk.resolve(Counter))
    await settle()
    expect(container.querySelector('[data-island-pending]')).toBeNull()
    expect(settled).toHaveBeenCalledTimes(1)
    expect(container.querySelector('button[aria-describedby]')).toBe(button)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('0')

    await act(async () => (button as HTMLButtonElement).click())
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('1')
    expect(errors).toEqual([])
  })

  it('follows the page root’s panel state once hydrated', async () => {
    const { container, chunk } = await hydratePage()
    await act(async () => chunk.resolve(Counter))
    await settle(250)
    expect(container.querySelector('[data-testid="panel"]')?.textContent).toBe('closed')
    await act(async () => (container.querySelector('[data-testid="opener"]') as HTMLButtonElement).click())
    await settle()
    expect(container.querySelector('[data-testid="panel"]')?.textContent).toBe('open')
  })

  it('loads at once when reached for, and replays a tap made before its code arrived, once', async () => {
    const { container, chunk, load } = await hydratePage()
    const button = container.querySelector<HTMLButtonElement>('button[aria-describedby]')!
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(load).toHaveBeenCalledTimes(1)
    button.click()
    button.click()
    expect(window.__earlyTaps).toEqual([button, button])
    // A tap outside the island, after the page's root hydrated, is not kept; it opens a panel meanwhile.
    await act(async () => (container.querySelector('[data-testid="opener"]') as HTMLButtonElement).click())
    expect(window.__earlyTaps).toEqual([button, button])

    await act(async () => chunk.resolve(Counter))
    await settle()
    // Hydrated as the server rendered it (the panel closed), then with the page's state as it is now.
    expect(container.querySelector('button[aria-describedby]')).toBe(button)
    expect(container.querySelector('[data-testid="panel"]')?.textContent).toBe('open')
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('1')
    expect(window.__earlyTaps).toEqual([])
  })

  it('leaves the server HTML acting without JavaScript when its chunk fails to load, and asks again when the shopper next reaches for it', async () => {
    const html = renderToString(page(island(Counter, () => Promise.resolve(Counter)), 'Conta'))
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.appendChild(container)
    const load = jest.fn<Promise<ComponentType<Props>>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Counter)
    await act(async () => {
      hydrateRoot(container, page(island(null, load), 'Conta'))
    })
    replayEarlyTaps()
    const button = container.querySelector<HTMLButtonElement>('button[aria-describedby]')!
    button.click()
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    await settle()
    expect(load).toHaveBeenCalledTimes(1)
    // Its HTML acts as without JavaScript: no longer pending, the tap kept forgotten, later taps not kept.
    expect(container.querySelector('[data-island-pending]')).toBeNull()
    expect(container.querySelector('button[aria-describedby]')).toBe(button)
    expect(window.__earlyTaps).toEqual([])
    button.click()
    expect(window.__earlyTaps).toEqual([])

    button.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    await settle()
    expect(load).toHaveBeenCalledTimes(2)
    expect(container.querySelector('[data-island-pending]')).toBeNull()
    await act(async () => button.click())
    expect(clicks).toEqual(['Conta'])
  })

  it('replays a kept tap on the island as the page renders it now, not as it was when the page hydrated', async () => {
    const { container, chunk, renderPage } = await hydratePage('Conta')
    const button = container.querySelector<HTMLButtonElement>('button[aria-describedby]')!
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    button.click()
    await renderPage('Nuovo')
    await act(async () => chunk.resolve(Counter))
    await settle()
    expect(clicks).toEqual(['Nuovo'])
    expect(button.textContent).toBe('Nuovo')
  })

  it('leaves an island below the screen to load when it comes near, and the page does not wait for it', async () => {
    let reportIntersecting: (() => void) | undefined
    const observed: Element[] = []
    class Observer {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        reportIntersecting = () => callback([{ isIntersecting: true }])
      }
      observe(element: Element) {
        observed.push(element)
      }
      disconnect() {}
    }
    Object.assign(window, { IntersectionObserver: Observer })
    try {
      const { container, chunk, load } = await hydratePage()
      const settled = jest.fn()
      whenIslandsHydrated(settled)
      expect(settled).toHaveBeenCalledTimes(1)
      await settle(250)
      expect(load).not.toHaveBeenCalled()
      expect(observed).toEqual([container.querySelector('[data-island] > p')])

      reportIntersecting!()
      await settle(250)
      expect(load).toHaveBeenCalledTimes(1)
      await act(async () => chunk.resolve(Counter))
      await settle()
      expect(container.querySelector('[data-island-pending]')).toBeNull()
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver
    }
  })

  it('renders inside the page’s root where the server sent no HTML (a page reached by client-side navigation)', async () => {
    const container = document.createElement('div')
    document.body.appendChild(container)
    const load = jest.fn(() => Promise.resolve(Counter))
    await act(async () => createRoot(container).render(page(island(null, load), 'Nuova')))
    await settle()
    // In the same box, which parents' styles name, never pending.
    expect(container.querySelector('[data-island] > p > button[aria-describedby]')?.textContent).toBe('Nuova')
    expect(container.querySelector('[data-island-pending]')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })
})

import { act, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { useModalPanel } from './overlay'
import { UIProvider, usePanel } from './panels'

/** A modal panel as the filter modal uses it, with a second panel that can take over. */
function Page() {
  const filters = useModalPanel<HTMLDivElement>('filters')
  const drawer = usePanel('drawer')
  const opener = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button ref={opener} onClick={filters.open}>
        apri
      </button>
      <button onClick={drawer.open}>altro</button>
      {filters.isOpen && (
        <div ref={filters.ref} role="dialog" aria-label="Filtri">
          <button onClick={filters.close}>chiudi</button>
          <input aria-label="campo" />
          <button>ultimo</button>
        </div>
      )}
    </>
  )
}

const mount = () =>
  render(
    <UIProvider>
      <Page />
    </UIProvider>,
  )
const locked = () => document.body.classList.contains('no-scroll')

// jsdom lays nothing out: every element counts as shown.
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body }))

describe('a modal panel', () => {
  it('moves focus in, locks the scroll, closes on Escape and gives focus back to its opener', () => {
    mount()
    const opener = screen.getByText('apri')
    opener.focus()
    act(() => opener.click())
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByText('chiudi'))
    expect(locked()).toBe(true)
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' })
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(locked()).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('keeps Tab and Shift+Tab inside', () => {
    mount()
    act(() => screen.getByText('apri').click())
    screen.getByText('ultimo').focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(screen.getByText('chiudi'))
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(screen.getByText('ultimo'))
  })

  it('closes when another panel opens, and releases the scroll lock', () => {
    mount()
    act(() => screen.getByText('apri').click())
    act(() => screen.getByText('altro').click())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(locked()).toBe(false)
  })
})

import { act, render, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { uiReducer, UIProvider, useMinicart, usePanel, useUI, type UIAction } from './panels'

/**
 * The project's UI state as every page mounts it (RootProviders): req UI-01
 * (displayMinicart starts false; OPEN_MINICART and CLOSE_MINICART; anything
 * else raises 'Unknown UI state') and the panel system on top of it: one
 * open panel at a time.
 */
const wrapper = ({ children }: { children: ReactNode }) => <UIProvider>{children}</UIProvider>

function mount() {
  return renderHook(
    () => ({ ui: useUI(), minicart: useMinicart(), drawer: usePanel('drawer'), account: usePanel('account'), filters: usePanel('filters') }),
    { wrapper },
  ).result
}

describe('UI state', () => {
  it('starts with the minicart closed; OPEN_MINICART opens it and CLOSE_MINICART closes it', () => {
    const result = mount()
    expect(result.current.minicart.displayMinicart).toBe(false)
    act(() => result.current.ui.dispatch({ type: 'OPEN_MINICART' }))
    expect(result.current.minicart.displayMinicart).toBe(true)
    act(() => result.current.ui.dispatch({ type: 'CLOSE_MINICART' }))
    expect(result.current.minicart.displayMinicart).toBe(false)
    act(() => result.current.minicart.openMinicart())
    expect(result.current.ui.panel).toBe('minicart')
    act(() => result.current.minicart.closeMinicart())
    expect(result.current.ui.panel).toBe('closed')
  })

  it("raises 'Unknown UI state' for any other action", () => {
    expect(() => uiReducer('closed', { type: 'OPEN_DRAWER' } as unknown as UIAction)).toThrow('Unknown UI state')
    expect(() => uiReducer('closed', { type: 'OPEN_PANEL', panel: 'wishlist' } as unknown as UIAction)).toThrow('Unknown UI state')
    const silence = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const result = mount()
    expect(() => act(() => result.current.ui.dispatch({ type: 'OPEN_DRAWER' } as unknown as UIAction))).toThrow('Unknown UI state')
    silence.mockRestore()
  })

  it('keeps one panel open at a time: opening one closes the other', () => {
    const result = mount()
    act(() => result.current.drawer.open())
    expect(result.current.drawer.isOpen).toBe(true)
    act(() => result.current.minicart.openMinicart())
    expect(result.current.drawer.isOpen).toBe(false)
    expect(result.current.minicart.displayMinicart).toBe(true)
    act(() => result.current.account.toggle())
    expect(result.current.ui.panel).toBe('account')
    expect(result.current.minicart.displayMinicart).toBe(false)
  })

  it('ignores a late close of a panel that is no longer the open one', () => {
    const result = mount()
    act(() => result.current.filters.open())
    act(() => result.current.minicart.openMinicart())
    act(() => result.current.filters.close())
    act(() => result.current.drawer.close())
    expect(result.current.ui.panel).toBe('minicart')
    act(() => result.current.ui.dispatch({ type: 'CLOSE_MINICART' }))
    act(() => result.current.ui.dispatch({ type: 'CLOSE_MINICART' }))
    expect(result.current.ui.panel).toBe('closed')
  })

  it('toggles a panel', () => {
    const result = mount()
    act(() => result.current.account.toggle())
    expect(result.current.account.isOpen).toBe(true)
    act(() => result.current.account.toggle())
    expect(result.current.account.isOpen).toBe(false)
  })

  it('closes a page-owned panel when its owner unmounts, and leaves the minicart open across pages', () => {
    let panel = ''
    function Owner({ name }: { name: 'drawer' | 'minicart' }) {
      const { open } = usePanel(name, { closeOnUnmount: name === 'drawer' })
      return <button onClick={open}>{name}</button>
    }
    function State() {
      panel = useUI().panel
      return null
    }
    const { rerender } = render(
      <UIProvider>
        <State />
        <Owner name="drawer" />
      </UIProvider>,
    )
    act(() => screen.getByText('drawer').click())
    expect(panel).toBe('drawer')
    rerender(
      <UIProvider>
        <State />
      </UIProvider>,
    )
    expect(panel).toBe('closed')
    rerender(
      <UIProvider>
        <State />
        <Owner name="minicart" />
      </UIProvider>,
    )
    act(() => screen.getByText('minicart').click())
    rerender(
      <UIProvider>
        <State />
      </UIProvider>,
    )
    expect(panel).toBe('minicart')
  })

  it('refuses to work outside its provider, where no panel could open', () => {
    const silence = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderHook(() => usePanel('drawer'))).toThrow('useUI must be used inside <UIProvider>')
    silence.mockRestore()
  })
})

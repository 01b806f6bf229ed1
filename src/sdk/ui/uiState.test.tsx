import { UIProvider, useGlobalUIState } from '@faststore/sdk'
import { act, render, screen } from '@testing-library/react'
import type { Dispatch } from 'react'

/**
 * The UI state of spec §3/§4, the sdk's UIProvider as every page mounts it:
 * displayMinicart starts false; OPEN_MINICART and CLOSE_MINICART are the only
 * actions, anything else raises 'Unknown UI state'.
 */
type UI = ReturnType<typeof useGlobalUIState> & { send?: (type: string) => void }

function Probe({ onState }: { onState: (state: UI) => void }) {
  const state = useGlobalUIState() as UI
  onState(state)
  return <span data-testid="open">{String(state.displayMinicart)}</span>
}

/** Exposes the reducer's dispatch through the provider's effects, as a page's extra UI actions would. */
const effects = (dispatch: Dispatch<{ type: string; data?: unknown }>) => ({ send: (type: string) => dispatch({ type }) })

function mount() {
  let ui!: UI
  render(
    <UIProvider effects={effects as never}>
      <Probe onState={(state) => (ui = state)} />
    </UIProvider>,
  )
  return () => ui
}

describe('UI state', () => {
  it('starts with the minicart closed; OPEN_MINICART opens it and CLOSE_MINICART closes it', () => {
    const ui = mount()
    expect(screen.getByTestId('open').textContent).toBe('false')
    act(() => ui().send!('OPEN_MINICART'))
    expect(screen.getByTestId('open').textContent).toBe('true')
    act(() => ui().send!('CLOSE_MINICART'))
    expect(screen.getByTestId('open').textContent).toBe('false')
    act(() => ui().openMinicart())
    expect(screen.getByTestId('open').textContent).toBe('true')
    act(() => ui().closeMinicart())
    expect(screen.getByTestId('open').textContent).toBe('false')
  })

  it("raises 'Unknown UI state' for any other action", () => {
    const silence = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const ui = mount()
    expect(() => act(() => ui().send!('OPEN_DRAWER'))).toThrow('Unknown UI state')
    silence.mockRestore()
  })
})

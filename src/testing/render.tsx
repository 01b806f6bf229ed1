/** Renders a component inside the providers every page has, with the given panel open; and what panel tests share. */
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { UIProvider, useUI, type PanelState } from '../sdk/shell/panels'

export function renderWithProviders(ui: ReactElement, panel: PanelState = 'closed') {
  return render(<UIProvider initial={panel}>{ui}</UIProvider>)
}

/** Shows the open panel's name, for tests that follow the panel system's state. */
export function PanelProbe() {
  return <output data-testid="panel">{useUI().panel}</output>
}

/** jsdom lays nothing out: make every element count as shown, so a focus trap finds the controls. */
export function showEveryElement(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body })
}

/** Renders a component inside the providers every page has, with the given panel open. */
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { ThemeProvider } from 'styled-components'
import { theme } from '../config/theme'
import { UIProvider, type PanelState } from '../sdk/ui/panels'

export function renderWithProviders(ui: ReactElement, panel: PanelState = 'closed') {
  return render(
    <ThemeProvider theme={theme}>
      <UIProvider initial={panel}>{ui}</UIProvider>
    </ThemeProvider>,
  )
}

/** Renders a component inside the providers every page has. */
import { UIProvider } from '@faststore/sdk'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { ThemeProvider } from 'styled-components'
import { theme } from '../config/theme'

export function renderWithProviders(ui: ReactElement, initialState: Record<string, unknown> = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <UIProvider initialState={initialState}>{ui}</UIProvider>
    </ThemeProvider>,
  )
}

/**
 * Wraps every page: the theme, global styles and the panel system's UI
 * state. Importing the cart and session stores here starts their persistence
 * and validation once, when the app boots.
 */
import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { theme } from '../../config/theme'
import '../../sdk/cart/store'
import '../../sdk/session/store'
import { UIProvider } from '../../sdk/ui/panels'
import { GlobalStyle } from '../ui/GlobalStyle'
import { SessionGate } from './SessionGate'

export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <UIProvider>
        {children}
        <SessionGate />
      </UIProvider>
    </ThemeProvider>
  )
}

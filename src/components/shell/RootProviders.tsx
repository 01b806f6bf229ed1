/**
 * Wraps every page: the panel system's UI state. The session's validation and the cart start in
 * src/sdk/account/boot.ts, which SessionGate loads once the page's root has hydrated. Its effect runs after every other of the page's root, so the page's root is hydrated when the taps made
 * before are replayed; those on a deferred island still pending wait for it (src/components/shell/island.tsx).
 */
import { useEffect, type ReactNode } from 'react'
import { replayEarlyTaps } from '../../sdk/core/earlyTaps'
import { UIProvider } from '../../sdk/shell/panels'
import { SessionGate } from './SessionGate'

export function RootProviders({ children }: { children: ReactNode }) {
  useEffect(() => void replayEarlyTaps(), [])
  return (
    <UIProvider>
      {children}
      <SessionGate />
    </UIProvider>
  )
}

/**
 * What wraps every page element in the browser and on the server: the
 * loading progress bar and the render-error boundary.
 */
import type { ReactNode } from 'react'
import { pageLoading } from '../../sdk/ui/progress'
import { ErrorBoundary } from './ErrorBoundary'
import { ProgressBar } from './ProgressBar'

export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <ProgressBar />
      <ErrorBoundary>{children}</ErrorBoundary>
    </>
  )
}

/** Gatsby's route hooks: a navigation slower than a second shows the bar until it ends. */
export const routeProgress = {
  onRouteUpdateDelayed: () => pageLoading.start(),
  onRouteUpdate: () => pageLoading.done(),
}

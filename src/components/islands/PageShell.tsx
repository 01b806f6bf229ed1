/**
 * What wraps every page element in the browser and on the server: the
 * loading progress bar and the render-error boundary.
 */
import { useEffect, type ReactNode } from 'react'
import { pageLoading } from '../../sdk/ui/progress'
import { ErrorBoundary } from './ErrorBoundary'
import { ProgressBar } from './ProgressBar'

export function PageShell({ children }: { children: ReactNode }) {
  // Effects run children first, so this marks a page whose islands all respond (browser journeys wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
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

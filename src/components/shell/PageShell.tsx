/**
 * What wraps every page element in the browser and on the server: the loading
 * progress bar and the render-error boundary. The base styles are a constant
 * stylesheet in every page's head (../ui/baseStyle.ts, gatsby-ssr.tsx).
 */
import { useEffect, type ReactNode } from 'react'
import { pageLoading } from '../../sdk/shell/progress'
import { ErrorBoundary } from './ErrorBoundary'
import { whenIslandsHydrated } from './island'
import { ProgressBar } from './ProgressBar'

export function PageShell({ children }: { children: ReactNode }) {
  // Effects run children first, so the page's root has hydrated here; the page responds in full once its
  // deferred islands have too (browser journeys wait for the mark).
  useEffect(() => {
    whenIslandsHydrated(() => {
      document.documentElement.dataset.hydrated = 'true'
    })
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

/**
 * What wraps every page element in the browser and on the server: the base
 * styles, the loading progress bar and the render-error boundary. The base
 * styles are here, not in RootProviders, because gatsby-plugin-styled-
 * components collects a page's CSS inside the root element it wraps, and the
 * site's root wrapper sits outside it: there, `body { margin: 0 }`,
 * `box-sizing` and `.visually-hidden` would reach the page only with
 * hydration, so the server-rendered page would be laid out without them and
 * then shift as a whole when they arrived.
 */
import { useEffect, type ReactNode } from 'react'
import { pageLoading } from '../../sdk/shell/progress'
import { GlobalStyle } from '../ui/GlobalStyle'
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
      <GlobalStyle />
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

import type { GatsbyBrowser } from 'gatsby'
import { startTransition, type ReactElement } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { PageShell, routeProgress } from './src/components/shell/PageShell'
import { RootProviders } from './src/components/shell/RootProviders'
import { reportDelayedLoad } from './src/sdk/analytics/navigationTiming'
import { reportUncaughtErrors } from './src/sdk/errors/report'
import { registerServiceWorker } from './src/sdk/offline/register'
import { loadServedParser } from './src/sdk/search/servedParser'

/**
 * Errors no code caught reach the error-reporting service (its SDK loads on the first one); the service
 * worker that keeps visited pages for offline use is registered once the page has loaded; a search page
 * served with its results asks for the parser that reads them while its own resources load.
 */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  reportUncaughtErrors()
  registerServiceWorker()
  loadServedParser()
}

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>

export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element }) => <PageShell>{element}</PageShell>

/**
 * A navigation that has not shown its page after 1 s shows the progress bar
 * and sends the delayed-load event (req PAGE-03).
 */
export const onRouteUpdateDelayed: GatsbyBrowser['onRouteUpdateDelayed'] = (args) => {
  routeProgress.onRouteUpdateDelayed()
  reportDelayedLoad(args.location)
}

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = routeProgress.onRouteUpdate

/** A listing whose filters, sort or page change stays where the shopper is; other navigations behave as usual. */
export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = ({ prevRouterProps, routerProps }) =>
  !(prevRouterProps && prevRouterProps.location.pathname === routerProps.location.pathname && prevRouterProps.location.search !== routerProps.location.search)

/**
 * Hydration inside a transition: React renders the page in slices of a few
 * milliseconds and yields between them, instead of one task as long as the
 * whole page (DefaultHydrationLane is not time-sliced; a transition lane is).
 * A tap during it is the early-tap script's (src/sdk/core/earlyTaps.ts) and is
 * replayed once hydration has committed. A page whose HTML has no content
 * (none today) is rendered, not hydrated, as Gatsby does. (Gatsby's own type
 * for this API is React 17's `render`; the function only has to take the
 * element and the container.)
 */
export const replaceHydrateFunction = () => (element: ReactElement, root: Element) => {
  if (!root.querySelector('#gatsby-focus-wrapper')?.children.length) {
    createRoot(root).render(element)
    return
  }
  startTransition(() => {
    hydrateRoot(root, element)
  })
}

/**
 * Navigation timing (req PAGE-03, PAGE-04). Gatsby's loader already
 * prefetches as req PAGE-04 asks (links in view, batches of 4 after 3 s, never on 2g, with
 * data-saver or for bots), and calls `onRouteUpdateDelayed` when a
 * client-side navigation has not shown its page after 1 s; that call is
 * reported here as the `delayed_load` analytics event.
 */
import { DELAYED_LOAD_MS } from '../../config/constants'
import { track } from './dataLayer'
import { currentPageType } from './pageType'

export function reportDelayedLoad(location: { pathname: string; search?: string }): void {
  track('delayed_load', { path: `${location.pathname}${location.search ?? ''}`, afterMs: DELAYED_LOAD_MS, pageType: currentPageType() })
}

/**
 * Page-loading progress (req PAGE-03): Gatsby reports a navigation that takes over
 * a second (onRouteUpdateDelayed) and its end (onRouteUpdate); the progress
 * bar shows in between.
 */
import { createBaseStore } from '@faststore/sdk'

const store = createBaseStore<boolean>(false)

export const pageLoading = {
  ...store,
  start: () => store.set(true),
  done: () => store.set(false),
}

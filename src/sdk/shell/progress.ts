/**
 * Page-loading progress (req PAGE-03): Gatsby reports a navigation that takes over
 * a second (onRouteUpdateDelayed) and its end (onRouteUpdate); the progress
 * bar shows in between.
 */
import { createBaseStore } from '@faststore/sdk'

const state = createBaseStore<boolean>(false)

export const pageLoading = {
  ...state,
  start: () => state.set(true),
  done: () => state.set(false),
}

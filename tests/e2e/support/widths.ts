/**
 * Journeys whose every step is the same at any width (what a server answers, a cookie, a sync between two
 * devices, an error page's link) carry this tag and run at 1280 px only: the phone projects leave them out
 * (playwright.config.ts). Journeys through the header, the panels or a listing run at 375 px too.
 */
export const ONE_WIDTH_TAG = '@one-width'
export const oneWidth = { tag: ONE_WIDTH_TAG }

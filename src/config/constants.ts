/** Limits and timings in one place: the CONST rules of docs/requirements.md (req CONST-01 and on). */
import { readEnv } from './env'

export const MIN_ORDER_VALUE = 8.99
export const SUBSCRIPTION_FACTOR = 0.95
export const MIN_QUANTITY = 1
export const MESSAGE_DISPLAY_MS = 2000
export const RETRIES = 3
export const RELOAD_RESET_MS = 30_000
export const MAX_RELOADS = 2
/** The share of errors sent to the error-reporting service, and its environment (req CONST-13). */
export const ERROR_SAMPLE_RATE = 0.2
export const ERROR_ENVIRONMENT = 'production'
/** How long a render error waits for its report before the browser leaves for /404 or /500. */
export const ERROR_REPORT_WAIT_MS = 2000
export const CART_VALIDATION_TIMEOUT_MS = 30_000
/** Cart work still unanswered after this long tells the shopper the platform is slow (the Functions give up on it after 10 s a call). */
export const CART_SLOW_MS = 3000
/** How often an unsynced cart asks the platform again. */
export const UNSYNCED_RETRY_MS = 5000
export const STORE_SEARCH_RADIUS = 100_000
export const SEARCH_HISTORY_SIZE = 5
export const SEARCH_HISTORY_KEY = 'main::store::searchHistory'
export const STORE_NAMESPACE = 'main'
export const DEFAULT_SORT = 'score_desc'
export const LOYALTY_MULTIPLIER_FALLBACK = 'sku-1'
export const DELAYED_LOAD_MS = 1000
export const PAGE_SIZE = 24

/**
 * The shared-cart re-check interval (req SHARED-03). Five minutes by
 * default: a run costs one or two calls, and what another device changed
 * already shows on every focus (the cart is read again then), so the interval
 * only has to catch a session that ended or changed with no page event; a
 * shorter one would multiply calls without showing anything sooner.
 * GATSBY_SHARED_CART_RECHECK_MS sets it at build time, in milliseconds.
 */
export const SHARED_CART_RECHECK_DEFAULT_MS = 5 * 60_000
/** Below 10 s the restore would call on nearly every page; above a day it would never run within a visit. */
export const SHARED_CART_RECHECK_BOUNDS_MS = { min: 10_000, max: 24 * 60 * 60_000 } as const

/** Reads GATSBY_SHARED_CART_RECHECK_MS: unset or empty gives the default; anything but whole milliseconds within the bounds is an error. */
export function sharedCartRecheckMs(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return SHARED_CART_RECHECK_DEFAULT_MS
  const text = value.trim().replace(/_/g, '')
  const ms = /^\d+$/.test(text) ? Number(text) : NaN
  const { min, max } = SHARED_CART_RECHECK_BOUNDS_MS
  if (!(ms >= min && ms <= max)) {
    throw new Error(`GATSBY_SHARED_CART_RECHECK_MS must be a whole number of milliseconds from ${min} to ${max}, got "${value}"`)
  }
  return ms
}

/** Read when the build bundles this module, so a bad value fails the build (gatsby-node.ts loads it first). */
export const SHARED_CART_RECHECK_MS = sharedCartRecheckMs(readEnv('GATSBY_SHARED_CART_RECHECK_MS'))
/** Session storage key of the last restore run: when, and for which person. */
export const SHARED_CART_CHECK_KEY = `${STORE_NAMESPACE}::sharedCart::checkedAt`
/** Storage keys of what the browser keeps about the shopper; the store's /logout clears them all. */
export const BKID_CACHE_KEY = `${STORE_NAMESPACE}::bkid`
export const WISHLIST_CACHE_KEY = `${STORE_NAMESPACE}::wishlist`
/** The bk_id cache is refetched after 1 day when it holds nothing, otherwise after 7 days (req ID-08, CONST-10). */
export const BKID_MAX_AGE_EMPTY_MS = 24 * 60 * 60_000
export const BKID_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/** Limits and timings of spec §5 and §9, in one place. */
export const MIN_ORDER_VALUE = 8.99
export const SUBSCRIPTION_FACTOR = 0.95
export const MIN_QUANTITY = 1
export const MESSAGE_DISPLAY_MS = 2000
export const RETRIES = 3
export const RELOAD_RESET_MS = 30_000
export const MAX_RELOADS = 2
export const CART_VALIDATION_TIMEOUT_MS = 30_000
/** How often an unsynced cart asks the platform again. */
export const UNSYNCED_RETRY_MS = 5000
export const STORE_SEARCH_RADIUS = 100_000
export const SEARCH_HISTORY_SIZE = 5
export const SEARCH_HISTORY_KEY = 'main::store::searchHistory'
export const STORE_NAMESPACE = 'main'
export const DEFAULT_SORT = 'score_desc'
export const LOYALTY_MULTIPLIER_FALLBACK = 'sku-1'
export const LOYALTY_MULTIPLIER_KEY = 'sku-multiplier'
export const PREFETCH_BATCH = 4
export const PREFETCH_DELAY_MS = 3000
export const DELAYED_LOAD_MS = 1000
export const PAGE_SIZE = 24

/**
 * The cart's status, shared by validation and by the shopper's line changes:
 * whether cart work is in flight, whether the cart lives only in this browser,
 * and whether the platform answers slowly. The minicart reads it (hooks.ts);
 * an unsynced cart keeps asking the platform (resync.ts).
 */
import { createBaseStore } from '@faststore/sdk'

export interface CartStatus {
  isValidating: boolean
  /** The last validation gave up: the cart lives only in this browser until the next one succeeds. */
  unsynced: boolean
  /** Cart work has been in flight for CART_SLOW_MS or more without an end: the platform answers slowly. */
  slow: boolean
}

/** A status with nothing in flight, in sync and answered in time. */
export function createCartStatus() {
  return createBaseStore<CartStatus>({ isValidating: false, unsynced: false, slow: false })
}

/** A cart status state: the page's `cartStatus`, or one of a test's own. */
export type StatusState = ReturnType<typeof createCartStatus>

/** The page's cart status. */
export const cartStatus: StatusState = createCartStatus()

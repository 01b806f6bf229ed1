/**
 * What the VTEX backend needs to count failed guest-order lookups: a counter
 * every storefront server shares. VTEX has none of its own, so the
 * composition (../backends.ts) lends the embedded platform's, the database the
 * shop's other limits live in; a VTEX deployment runs the platform anyway, for
 * loyalty and geography (docs/vtex.md).
 */
import type { RequestContext } from '../../domain/types'

export interface LookupCounter {
  /** Charges one lookup to the shopper's address before it is made: its receipt, or a 429 with the wait once too many failed. */
  charge(ctx: RequestContext): Promise<string>
  /** Takes back a lookup's charge: it found the order, or failed for a reason not the shopper's. */
  takeBack(receipt: string, ctx: RequestContext): Promise<void>
}

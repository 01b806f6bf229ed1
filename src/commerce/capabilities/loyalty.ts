/**
 * Loyalty: the points a shopper earns. `conformance/loyalty.ts` checks an
 * implementation against this comment.
 */
export interface LoyaltyAdapter {
  /** Loyalty points earned per euro on a sku (at least 1); rejects with 404 for an unknown sku. */
  multiplier(sku: string): Promise<number>
}

/** Loyalty over the platform's per-sku multiplier. */
import * as Wire from '../../../platform/wire'
import type { LoyaltyAdapter } from '../capabilities/loyalty'
import type { PlatformClient } from './client'

export function embeddedLoyalty({ call }: PlatformClient): LoyaltyAdapter {
  return {
    multiplier: async (sku) => (await call(`/api/catalog/skus/${encodeURIComponent(sku)}/loyalty`, Wire.LoyaltyAnswer)).multiplier,
  }
}

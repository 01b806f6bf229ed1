/**
 * GET /api/product/getLoyaltyMultiplier/{sku} — the sku's loyalty multiplier
 * as the string 'sku-{multiplier}' (spec §3 Loyalty multiplier, §7). The
 * minicart falls back to 'sku-1' when this fails.
 */
import { getCommerce } from '../../../commerce'
import { defineFunction, functionSettings } from '../../../server/http'
import { LoyaltyMultiplierParams } from '../../../server/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['GET'],
  params: LoyaltyMultiplierParams,
  handle: async ({ params }) => `sku-${await getCommerce().loyalty.multiplier(params.sku)}`,
})

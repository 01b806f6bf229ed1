/**
 * The sku multipliers behind the cart's loyalty points (the rule itself is
 * src/domain/loyalty.ts). Multipliers come from GET /api/product/getLoyaltyMultiplier/{sku}
 * as 'sku-{n}', asked once per sku while the cart has items; a failure or an
 * empty sku counts as 'sku-1'. Loyalty is deferred data: it never breaks the cart.
 */
import { createBaseStore } from '@faststore/sdk'
import { LOYALTY_MULTIPLIER_FALLBACK } from '../../config/constants'
import { parseMultiplier } from '../../domain/loyalty'
import { call } from '../core/client'

export async function fetchMultiplier(sku: string, doFetch: typeof fetch = fetch): Promise<string> {
  if (!sku) return LOYALTY_MULTIPLIER_FALLBACK
  try {
    return await call('product/getLoyaltyMultiplier/[sku]', { params: { sku } }, { fetch: doFetch })
  } catch {
    return LOYALTY_MULTIPLIER_FALLBACK
  }
}

/** Multipliers known so far, by sku. */
export const loyaltyMultipliers = createBaseStore<Record<string, number>>({})

const requested = new Set<string>()

/** Asks for the multiplier of every sku not asked yet; each sku is asked once per page. */
export async function loadMultipliers(skus: string[], doFetch: typeof fetch = fetch, state = loyaltyMultipliers): Promise<void> {
  const missing = [...new Set(skus)].filter((sku) => !requested.has(sku))
  if (missing.length === 0) return
  missing.forEach((sku) => requested.add(sku))
  const answers = await Promise.all(missing.map(async (sku) => [sku, parseMultiplier(await fetchMultiplier(sku, doFetch))] as const))
  state.set({ ...state.read(), ...Object.fromEntries(answers) })
}

/** Forgets what was asked (tests). */
export function resetMultipliers(state = loyaltyMultipliers): void {
  requested.clear()
  state.set({})
}

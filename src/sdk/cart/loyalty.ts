/**
 * Loyalty points of the cart (spec §2 Minicart, §5). Each line earns its
 * truncated total (subscription lines at 0.95 of it first) times the sku's
 * multiplier, 1 unless the platform says otherwise; the cart's points are the
 * truncated sum. Multipliers come from GET /api/product/getLoyaltyMultiplier/{sku}
 * as 'sku-{n}', asked once per sku while the cart has items; a failure or an
 * empty sku counts as 'sku-1'. Loyalty is deferred data: it never breaks the cart.
 */
import { createBaseStore } from '@faststore/sdk'
import { isSubscription } from '../../commerce/cart'
import type { CartItem } from '../../commerce/types'
import { LOYALTY_MULTIPLIER_FALLBACK, SUBSCRIPTION_FACTOR } from '../../config/constants'

const MULTIPLIER = /^sku-(\d+)$/

/** 'sku-3' → 3; anything else → 1. */
export function parseMultiplier(value: unknown): number {
  const match = typeof value === 'string' ? MULTIPLIER.exec(value) : null
  const multiplier = match ? Number(match[1]) : 1
  return multiplier >= 1 ? multiplier : 1
}

export function isSubscriptionLine(item: CartItem): boolean {
  return item.itemOffered.additionalProperty.some(isSubscription)
}

/** Float products such as 20 × 0.95 are brought back to cents before truncating. */
const cents = (value: number) => Math.round(value * 100) / 100

export function linePoints(item: CartItem, multiplier = 1): number {
  if (item.isGift) return 0
  const lineTotal = item.price * item.quantity * (isSubscriptionLine(item) ? SUBSCRIPTION_FACTOR : 1)
  return Math.trunc(cents(lineTotal)) * multiplier
}

export function loyaltyPoints(items: CartItem[], multipliers: Record<string, number> = {}): number {
  return Math.trunc(items.reduce((sum, item) => sum + linePoints(item, multipliers[item.itemOffered.sku] ?? 1), 0))
}

export async function fetchMultiplier(sku: string, doFetch: typeof fetch = fetch): Promise<string> {
  if (!sku) return LOYALTY_MULTIPLIER_FALLBACK
  try {
    const response = await doFetch(`/api/product/getLoyaltyMultiplier/${encodeURIComponent(sku)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    })
    if (!response.ok) return LOYALTY_MULTIPLIER_FALLBACK
    const value: unknown = await response.json()
    return typeof value === 'string' && MULTIPLIER.test(value) ? value : LOYALTY_MULTIPLIER_FALLBACK
  } catch {
    return LOYALTY_MULTIPLIER_FALLBACK
  }
}

/** Multipliers known so far, by sku. */
export const loyaltyMultipliers = createBaseStore<Record<string, number>>({})

const requested = new Set<string>()

/** Asks for the multiplier of every sku not asked yet; each sku is asked once per page. */
export async function loadMultipliers(skus: string[], doFetch: typeof fetch = fetch, store = loyaltyMultipliers): Promise<void> {
  const missing = [...new Set(skus)].filter((sku) => !requested.has(sku))
  if (missing.length === 0) return
  missing.forEach((sku) => requested.add(sku))
  const answers = await Promise.all(missing.map(async (sku) => [sku, parseMultiplier(await fetchMultiplier(sku, doFetch))] as const))
  store.set({ ...store.read(), ...Object.fromEntries(answers) })
}

/** Forgets what was asked (tests). */
export function resetMultipliers(store = loyaltyMultipliers): void {
  requested.clear()
  store.set({})
}

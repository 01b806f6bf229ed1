/**
 * Loyalty points (req LOYALTY-01, LOYALTY-02, MINICART-07). Each line earns its truncated total
 * (subscription lines at 0.95 of it first) times the sku's multiplier, 1
 * unless the platform says otherwise; gifts earn nothing; the cart's points
 * are the truncated sum.
 */
import { SUBSCRIPTION_FACTOR } from '../config/constants'
import { isSubscription } from './cart'
import type { CartItem } from './types'

export const MULTIPLIER = /^sku-(\d+)$/

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

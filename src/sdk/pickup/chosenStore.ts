/**
 * The chosen store as it is now. Working out a pickup time takes the opening-hours rules of
 * src/domain/pickup.ts, which only the parts showing a time load: the pickup box's time
 * (src/components/islands/pickup/PickupTime.tsx), the added-to-cart modal and the store modals.
 */
import { useMemo } from 'react'
import { shopConfig } from '../../config/shop'
import { pickupAt, pickupSettingsOf, pickupTiming, todayHours } from '../../domain/pickup'
import type { StoreView } from '../../wire/store'
import { useClock, usePickup } from './hooks'

/**
 * The store as it is now: the pickup it offers and today's hours worked out
 * again from its own hours, exceptions and preparation times, since the ones
 * saved when it was chosen go stale as the clock moves.
 */
export function storeNow(store: StoreView, now: Date = new Date()): StoreView {
  const timing = pickupTiming(now, store, store.inStock, pickupSettingsOf(shopConfig))
  return { ...store, pickup: pickupAt(timing, now), today: todayHours(store, now) }
}

/** The chosen store with its pickup and today's hours as they are now, not as they were when it was chosen. */
export function useChosenStore(): StoreView | null {
  const { chosen } = usePickup()
  const now = useClock()
  return useMemo(() => (chosen ? storeNow(chosen, now) : null), [chosen, now])
}

/** React access to pickup in store: the chosen store and the items the picker asks stores for. */
import { createBaseStore } from '@faststore/sdk'
import { useCallback, useEffect, useState } from 'react'
import type { StoreView } from '../../wire/store'
import { useSession } from '../session/hooks'
import { usePanel } from '../shell/panels'
import { useSdkState } from '../core/useSdkState'
import { loadPickup, pickupState } from './pickup'
import { loadParser } from '../../wire/zod'

export interface PickerItem {
  id: string
  quantity: number
}

/** What the open picker asks the stores for: the page's product or the cart's lines. */
export const pickerItems = createBaseStore<PickerItem[]>([])

export function usePickup() {
  // The stored choice is parsed: read once the parser has loaded (req PERF-01).
  useEffect(() => void loadParser().then(loadPickup, () => undefined), [])
  return useSdkState(pickupState)
}

/** How often a shown pickup time is worked out again while the page stays open. */
const CLOCK_TICK_MS = 60_000

/** The current time, renewed every minute while mounted. */
export function useClock(tickMs = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs)
    return () => clearInterval(timer)
  }, [tickMs])
  return now
}

/** The postal code the shopper gave: their session's, else the one they last searched stores near; null until then. */
export function useShopperPostalCode(): string | null {
  const { postalCode: searched } = usePickup()
  const { postalCode } = useSession()
  return postalCode || searched
}

/** Opens the store picker for `items`; its code loads on this first use. */
export function useOpenPicker(items: PickerItem[]) {
  const { open } = usePanel('storePicker')
  return useCallback(() => {
    pickerItems.set(items)
    open()
  }, [items, open])
}

/** The store the store-info modal shows. */
export const storeInfoTarget = createBaseStore<StoreView | null>(null)

/** Opens the store-info modal on `store`; its code loads on this first use. */
export function useOpenStoreInfo() {
  const { open } = usePanel('storeInfo')
  return useCallback(
    (store: StoreView) => {
      storeInfoTarget.set(store)
      open()
    },
    [open],
  )
}

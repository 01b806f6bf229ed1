/** React access to pickup in store: the chosen store and the items the picker asks stores for. */
import { createBaseStore } from '@faststore/sdk'
import { useCallback, useEffect } from 'react'
import { usePanel } from '../ui/panels'
import { useStore } from '../useStore'
import { loadPickup, pickupStore } from './pickup'

export interface PickerItem {
  id: string
  quantity: number
}

/** What the open picker asks the stores for: the page's product or the cart's lines. */
export const pickerItems = createBaseStore<PickerItem[]>([])

export function usePickup() {
  useEffect(loadPickup, [])
  return useStore(pickupStore)
}

/** Opens the store picker for `items`; its code loads on this first use. */
export function useOpenPicker(items: PickerItem[]) {
  const { open } = usePanel('storePicker')
  return useCallback(() => {
    pickerItems.set(items)
    open()
  }, [items, open])
}

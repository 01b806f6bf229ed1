/** Reads an sdk store in React; the server render and hydration use its initial value. */
import type { Store } from '@faststore/sdk'
import { useSyncExternalStore } from 'react'

export function useSdkState<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.read, store.readInitial)
}

/** Reads sdk state in React; the server render and hydration use its initial value. */
import type { Store } from '@faststore/sdk'
import { useSyncExternalStore } from 'react'

export function useSdkState<T>(state: Store<T>): T {
  return useSyncExternalStore(state.subscribe, state.read, state.readInitial)
}

/**
 * Whether the browser has a connection (`navigator.onLine`, kept current by
 * the window's online and offline events). The static HTML is rendered as
 * online. "Online" only means a network is there; whether the platform
 * answers is the cart's `unsynced` flag.
 */
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
}

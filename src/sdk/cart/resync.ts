/**
 * While the cart is unsynced (the platform could not be reached), asks for a
 * new validation every few seconds and as soon as the browser is back online,
 * so the cart reconciles when the platform returns without the shopper doing
 * anything. Nothing runs while the cart is in sync.
 */
import { UNSYNCED_RETRY_MS } from '../../config/constants'
import type { StatusState } from './status'

export function watchUnsynced(status: StatusState, revalidate: () => void, intervalMs = UNSYNCED_RETRY_MS): () => void {
  let timer: ReturnType<typeof setInterval> | undefined
  const update = ({ unsynced }: { unsynced: boolean }) => {
    if (unsynced && timer === undefined) timer = setInterval(revalidate, intervalMs)
    if (!unsynced && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
  const onOnline = () => status.read().unsynced && revalidate()
  const unsubscribe = status.subscribe(update)
  globalThis.addEventListener?.('online', onOnline)
  update(status.read())
  return () => {
    unsubscribe()
    globalThis.removeEventListener?.('online', onOnline)
    if (timer !== undefined) clearInterval(timer)
  }
}

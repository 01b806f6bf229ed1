/**
 * Cart work in flight (validation and the shopper's line changes): while any
 * of it runs, the status says `isValidating`; work still unanswered after
 * CART_SLOW_MS says `slow` until all of it has settled.
 */
import { CART_SLOW_MS } from '../../config/constants'
import { cartStatus, type StatusState } from './status'

const pendingByStatus = new WeakMap<StatusState, number>()
const slowTimers = new WeakMap<StatusState, ReturnType<typeof setTimeout>>()

/**
 * Runs `task` as cart work in flight: `isValidating` is true from its start
 * until every task tracked on the same status state has settled, so a
 * quantity change finishing first cannot clear the flag of a running validation.
 * Work still in flight after `slowAfterMs` sets `slow` until all of it has settled.
 */
export async function trackValidating<T>(task: () => Promise<T>, status: StatusState = cartStatus, slowAfterMs = CART_SLOW_MS): Promise<T> {
  const settle = (delta: number) => {
    const pending = (pendingByStatus.get(status) ?? 0) + delta
    pendingByStatus.set(status, pending)
    const timer = slowTimers.get(status)
    if (pending > 0 && timer === undefined) {
      slowTimers.set(
        status,
        setTimeout(() => {
          slowTimers.delete(status)
          if ((pendingByStatus.get(status) ?? 0) > 0) status.set({ ...status.read(), slow: true })
        }, slowAfterMs),
      )
    }
    if (pending === 0 && timer !== undefined) {
      clearTimeout(timer)
      slowTimers.delete(status)
    }
    const current = status.read()
    status.set({ ...current, isValidating: pending > 0, slow: pending > 0 && current.slow })
  }
  settle(1)
  try {
    return await task()
  } finally {
    settle(-1)
  }
}

/**
 * The shopper's adds on their way to the platform (operations.ts). Validation waits for them (`settled`):
 * the cart already shows each added line, and a validation pushing it as well would add it twice.
 */
export function createAddsInFlight() {
  let count = 0
  let settled: Promise<void> | null = null
  let release = () => {}
  return {
    start(): void {
      if (count++ === 0) settled = new Promise<void>((resolve) => (release = resolve))
    },
    end(): void {
      if (--count > 0) return
      settled = null
      release()
    },
    /** What settles once no add is on its way; null when none is. */
    settled: (): Promise<void> | null => settled,
  }
}

/** The page's adds in flight. */
export const addsInFlight = createAddsInFlight()

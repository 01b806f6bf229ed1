/**
 * The body's scroll lock (req UI-03: an open minicart or store modal puts
 * `no-scroll` on the body), shared by every panel. Locks are counted: the
 * class goes on with the first and comes off only when the last is released,
 * so a panel that closes while another opens never unlocks the page under it.
 */
import { useEffect } from 'react'

export const SCROLL_LOCK_CLASS = 'no-scroll'

let holders = 0

/** Takes a lock; the returned function releases it (once, however often it is called). */
export function lockScroll(): () => void {
  holders += 1
  if (holders === 1) document.body.classList.add(SCROLL_LOCK_CLASS)
  let released = false
  return () => {
    if (released) return
    released = true
    holders -= 1
    if (holders === 0) document.body.classList.remove(SCROLL_LOCK_CLASS)
  }
}

/** Holds a lock while `locked` is true. */
export function useScrollLock(locked: boolean): void {
  useEffect(() => (locked ? lockScroll() : undefined), [locked])
}

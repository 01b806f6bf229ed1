import { useState } from 'react'

/**
 * False until `value` is first true, then true for good. A lazily loaded
 * island mounts from its first opening on and stays mounted, so its code is
 * fetched once and it keeps its own state (and sees each closing) afterwards.
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value)
  // Derived state, set during render as React documents it: no extra commit with the old value.
  if (value && !latched) setLatched(true)
  return latched || value
}

/**
 * False during the server render and the hydrating render, true after. What
 * depends on the address's query string (which the static HTML cannot know)
 * waits for it, so hydration sees exactly the HTML the build wrote.
 */
import { useEffect, useState } from 'react'

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/**
 * False during the server render and the hydrating render, true after. What
 * depends on the address's query string (which the static HTML cannot know)
 * waits for it, so hydration sees exactly the HTML the build wrote. The flip
 * is urgent, not a transition: until it commits a listing's handlers act on
 * the default view, and a filter tapped in between would drop the sort and
 * filters of the address. What renders again for it is kept small instead
 * (ProductGrid is memoised).
 */
import { useEffect, useState } from 'react'

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

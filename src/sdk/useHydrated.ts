/**
 * False during the server render and the hydrating render, true after. What
 * depends on the address's query string (which the static HTML cannot know)
 * waits for it, so hydration sees exactly the HTML the build wrote. The
 * render that follows is a transition: React renders it in slices, so a
 * listing rendered again for its query string does not block the page for
 * the length of that render (136 ms at 4× CPU slowdown on a category page).
 */
import { startTransition, useEffect, useState } from 'react'

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => startTransition(() => setHydrated(true)), [])
  return hydrated
}

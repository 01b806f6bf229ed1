/**
 * What the journeys watch hydration with: React's hydration errors as the page reports them, and a chunk held
 * back so that a part of the page waits for its code.
 */
import type { Page } from '@playwright/test'

/**
 * React's production errors of hydration: 418 (the markup differs), 419 (a boundary the server gave up), 421 (a
 * boundary updated before it hydrated), 422 and 423 (an error while hydrating), 425 (text differs).
 */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)/i

/** The page's uncaught errors and hydration errors, as they come: a journey expects the list empty. */
export function hydrationProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) problems.push(message.text())
  })
  return problems
}

/**
 * Holds the webpack chunk `name` back until the function returned is called. A prefetch of it (every page
 * prefetches the islands' chunks) is refused, so the page's own request is the one that waits.
 */
export async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(new RegExp(`/${name}-[0-9a-f]+\\.js$`), async (route) => {
    if (route.request().resourceType() !== 'script') return route.abort()
    await released
    await route.continue().catch(() => undefined)
  })
  return release
}

/**
 * The conformance suites, one per capability: what every backend serving a
 * capability passes, checked only through the capability adapter and what
 * the backend's test setup provides (./setup.ts). A backend runs them from a
 * test file in its own folder, all five over one setup:
 *
 *   conformance('my backend', async () => ({ commerce, login, placeOrder, fixtures, close }))
 *
 * or only those of the capabilities it serves, each with the part of the
 * setup it asks for, for instance
 *
 *   catalogConformance('my backend', async () => ({ commerce: { catalog }, fixtures: { searchTerm }, close }))
 *
 * Point the setup at a small test catalog (tens of products): the catalog,
 * cart and identity suites read it whole.
 */
import { cartConformance } from './cart'
import { catalogConformance } from './catalog'
import { identityConformance } from './identity'
import { loyaltyConformance } from './loyalty'
import type { ConformanceSetup } from './setup'
import { storesConformance } from './stores'

export { cartConformance, catalogConformance, identityConformance, loyaltyConformance, storesConformance }
export type { ConformanceSetup, Credentials, Fixtures } from './setup'

/** All five suites over one setup, made when the first suite starts and closed after the last. */
export function conformance(name: string, setup: () => Promise<ConformanceSetup>): void {
  let made: Promise<ConformanceSetup> | undefined
  // Each suite closes what its setup answers, so the suites get the shared setup without `close`; it closes once, after them all.
  const shared = async (): Promise<ConformanceSetup> => {
    const s = await (made ??= setup())
    return { commerce: s.commerce, fixtures: s.fixtures, login: (credentials, browser) => s.login(credentials, browser), placeOrder: (cartId, ctx) => s.placeOrder(cartId, ctx) }
  }
  describe(`conformance: ${name}`, () => {
    afterAll(async () => (await made?.catch(() => undefined))?.close?.())
    catalogConformance(name, shared)
    cartConformance(name, shared)
    identityConformance(name, shared)
    storesConformance(name, shared)
    loyaltyConformance(name, shared)
  })
}

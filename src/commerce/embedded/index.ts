/**
 * The embedded backend: every capability over the embedded platform's HTTP
 * API (platform/), one file per capability beside this one, all sharing the
 * client of ./client.ts. It is registered as `embedded` in ../backends.ts and
 * serves every capability no variable gives to another backend.
 */
import type { Backend, Commerce } from '../capabilities'
import { embeddedCart } from './cart'
import { embeddedCatalog } from './catalog'
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from './client'
import { embeddedIdentity } from './identity'
import { embeddedLoyalty } from './loyalty'
import { platformFreshReads, platformTimeoutMs, platformUrl } from './settings'
import { platformLookupCounter, type PlatformLookupCounter } from './lookupCounter'
import { embeddedStores } from './stores'

export type { PlatformClientOptions } from './client'

/** Every capability over one client: for tests, which point it at a test platform. */
export function createEmbeddedCommerce(options: PlatformClientOptions): Commerce {
  const client = createPlatformClient(options)
  return {
    catalog: embeddedCatalog(client),
    cart: embeddedCart(client),
    identity: embeddedIdentity(client),
    stores: embeddedStores(client),
    loyalty: embeddedLoyalty(client),
  }
}

/** The platform PLATFORM_URL names, waited for PLATFORM_TIMEOUT_MS an answer. */
const clientFrom = (env: NodeJS.ProcessEnv): PlatformClient => createPlatformClient({ baseUrl: platformUrl(env), timeoutMs: platformTimeoutMs(env), freshReads: platformFreshReads(env) })

export const embedded: Backend = {
  catalog: (env) => embeddedCatalog(clientFrom(env)),
  cart: (env) => embeddedCart(clientFrom(env)),
  identity: (env) => embeddedIdentity(clientFrom(env)),
  stores: (env) => embeddedStores(clientFrom(env)),
  loyalty: (env) => embeddedLoyalty(clientFrom(env)),
}

/**
 * What the embedded platform lends a backend that lacks it (../backends.ts): its gazetteer (a town by name,
 * the place nearest a point) and its count of failed guest-order lookups.
 */
export const embeddedGeography = (env: NodeJS.ProcessEnv): Commerce['stores']['geo'] => embeddedStores(clientFrom(env)).geo
export const embeddedLookupCounter = (env: NodeJS.ProcessEnv): PlatformLookupCounter => platformLookupCounter(platformUrl(env), platformTimeoutMs(env))
export { platformLookupCounter }

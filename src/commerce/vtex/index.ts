/**
 * The VTEX backend: the capabilities VTEX serves, over VTEX's public APIs,
 * one file per capability beside this one, all sharing the client of
 * ./client.ts. It is registered as `vtex` in ../backends.ts; `COMMERCE=vtex`
 * chooses it for what it serves, and every capability it does not serve stays
 * with the embedded platform (`COMMERCE_IDENTITY=embedded` and the like, see
 * docs/vtex.md).
 */
import type { Backend, StoresAdapter } from '../capabilities'
import { backendChoice, CAPABILITY_VARIABLES } from '../compose'
import { vtexCart } from './cart'
import { vtexCatalog } from './catalog'
import { createVtexClient, type VtexClientOptions } from './client'
import { vtexIdentity } from './identity'
import type { LookupCounter } from './lookups'
import { vtexSettings } from './settings'
import { vtexStores } from './stores'

export { createVtexClient } from './client'
export { vtexSettings } from './settings'

/**
 * What VTEX lacks and another backend lends it (../backends.ts lends the embedded platform's): a gazetteer
 * (a town by name, the place nearest a point) and a shared count of failed guest-order lookups.
 */
export interface Borrowed {
  geography: (env: NodeJS.ProcessEnv) => StoresAdapter['geo']
  lookups: (env: NodeJS.ProcessEnv) => LookupCounter
}

/** The capabilities over one client: for tests, which point it at the simulator and lend what VTEX lacks. */
export function createVtexCommerce(env: NodeJS.ProcessEnv, options: VtexClientOptions & { geography?: StoresAdapter['geo']; lookups?: LookupCounter } = {}) {
  const client = createVtexClient(vtexSettings(env), options)
  return {
    catalog: vtexCatalog(client),
    cart: vtexCart(client),
    identity: vtexIdentity(client, options.lookups ?? notLent.lookups(env)),
    stores: vtexStores(client, options.geography ?? notLent.geography(env)),
  }
}

/** In tests that lend nothing: a call that needs what was not lent says so. */
const notLent: Borrowed = {
  geography: () => ({
    lookup: () => Promise.reject(new Error('no geography was lent to the VTEX backend')),
    reverse: () => Promise.reject(new Error('no geography was lent to the VTEX backend')),
  }),
  lookups: () => ({
    charge: () => Promise.reject(new Error('no lookup counter was lent to the VTEX backend')),
    takeBack: () => Promise.reject(new Error('no lookup counter was lent to the VTEX backend')),
  }),
}

/**
 * Identity's saved cart and stores' pickup point are VTEX order forms: served
 * beside another backend's cart they would name carts that cart does not
 * know, so configuration must give the cart to VTEX as well.
 */
function needsVtexCart(capability: 'identity' | 'stores', env: NodeJS.ProcessEnv): void {
  const cart = backendChoice('cart', env).name
  if (cart !== 'vtex') {
    throw new Error(`${CAPABILITY_VARIABLES[capability]}=vtex needs the cart on VTEX too (its order forms are VTEX's), but the cart is chosen as ${cart}: set COMMERCE_CART=vtex or choose another backend for the ${capability}`)
  }
}

/**
 * Only what passes its conformance suite is offered to configuration: the catalog, the cart
 * (but for the rules VTEX has no equivalent for, ./conformance.test.ts), identity and stores.
 * Loyalty has no VTEX equivalent and stays with the embedded platform (docs/vtex.md).
 */
export function vtexBackend(borrowed: Borrowed): Backend {
  return {
    catalog: (env) => vtexCatalog(createVtexClient(vtexSettings(env))),
    cart: (env) => vtexCart(createVtexClient(vtexSettings(env))),
    identity: (env) => {
      needsVtexCart('identity', env)
      return vtexIdentity(createVtexClient(vtexSettings(env)), borrowed.lookups(env))
    },
    stores: (env) => {
      needsVtexCart('stores', env)
      return vtexStores(createVtexClient(vtexSettings(env)), borrowed.geography(env))
    },
  }
}

/**
 * The VTEX backend: the capabilities VTEX serves, over VTEX's public APIs,
 * one file per capability beside this one, all sharing the client of
 * ./client.ts. It is registered as `vtex` in ../backends.ts; `COMMERCE=vtex`
 * chooses it for what it serves, and every capability it does not serve stays
 * with the embedded platform (`COMMERCE_IDENTITY=embedded` and the like, see
 * docs/vtex.md).
 */
import type { Backend } from '../capabilities'
import { vtexCart } from './cart'
import { vtexCatalog } from './catalog'
import { createVtexClient, type VtexClientOptions } from './client'
import { vtexSettings } from './settings'

export { createVtexClient } from './client'
export { vtexSettings } from './settings'

/** The capabilities over one client: for tests, which point it at the simulator. */
export function createVtexCommerce(env: NodeJS.ProcessEnv, options: VtexClientOptions = {}) {
  const client = createVtexClient(vtexSettings(env), options)
  return { catalog: vtexCatalog(client), cart: vtexCart(client) }
}

/**
 * Only what passes its conformance suite unchanged is offered to configuration. The cart
 * (./cart.ts) is tested on its own over the simulator but does not pass the cart suite yet
 * (docs/vtex.md), so `COMMERCE_CART=vtex` is refused rather than selling through it.
 */
export const vtex: Backend = {
  catalog: (env) => vtexCatalog(createVtexClient(vtexSettings(env))),
}

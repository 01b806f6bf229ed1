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
 * Only what passes its conformance suite is offered to configuration: the catalog, and the
 * cart, which passes the cart suite but for the rules VTEX has no equivalent for
 * (./conformance.test.ts, docs/vtex.md). Identity, stores and loyalty stay with the
 * embedded platform until theirs do.
 */
export const vtex: Backend = {
  catalog: (env) => vtexCatalog(createVtexClient(vtexSettings(env))),
  cart: (env) => vtexCart(createVtexClient(vtexSettings(env))),
}

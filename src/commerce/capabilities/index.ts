/**
 * The commerce adapter, split by capability: the only operations the
 * storefront calls on a commerce backend. Build-time sourcing and the search
 * Functions use `catalog`; the other Functions use `cart`, `identity`,
 * `stores` and `loyalty`. Every method either resolves with domain types or
 * rejects with a `CommerceError` carrying the HTTP status to answer with; each
 * capability's file states the invariants, and the suite of the same name in
 * `../conformance/` checks an implementation against them.
 *
 * Each capability may come from a different backend (see ../compose.ts), so
 * no capability assumes another is served by the same one.
 */
import type { CartAdapter } from './cart'
import type { CatalogAdapter } from './catalog'
import type { IdentityAdapter } from './identity'
import type { LoyaltyAdapter } from './loyalty'
import type { StoresAdapter } from './stores'

export type { CartAdapter, CatalogAdapter, IdentityAdapter, LoyaltyAdapter, StoresAdapter }

/** Every capability, each from the backend configuration chose for it. */
export interface Commerce {
  catalog: CatalogAdapter
  cart: CartAdapter
  identity: IdentityAdapter
  stores: StoresAdapter
  loyalty: LoyaltyAdapter
}

export type Capability = keyof Commerce

/**
 * What a backend folder's index exports: for each capability it serves, a
 * factory that builds it from the server's environment (where the backend
 * reads its own address, time-out or credentials). A backend may serve only
 * some capabilities; configuration then chooses it only for those.
 */
export type Backend = { readonly [C in Capability]?: (env: NodeJS.ProcessEnv) => Commerce[C] }

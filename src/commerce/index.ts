/**
 * The commerce the server side uses: `getCommerce()` composes it on first
 * use from the environment (compose.ts) and the registered backends
 * (backends.ts), then keeps it. A caller takes the capability it needs:
 * `getCommerce().cart.get(id, ctx)`, `getCommerce().identity.wishlist.list(ctx)`.
 */
import { BACKENDS } from './backends'
import type { Commerce } from './capabilities'
import { composeCommerce } from './compose'
import { runtimeEnv } from './runtimeEnv'

export type { Capability, CartAdapter, CatalogAdapter, Commerce, IdentityAdapter, LoyaltyAdapter, StoresAdapter } from './capabilities'

let commerce: Commerce | undefined

export function getCommerce(): Commerce {
  commerce ??= composeCommerce(runtimeEnv(), BACKENDS)
  return commerce
}

/**
 * The catalog read past every cache, composed like `getCommerce()`'s: what a price or stock change renders its pages
 * from (src/build/catalogChange.ts), since an answer cached before the change would put the old price back.
 */
export function freshCatalog(env: NodeJS.ProcessEnv = runtimeEnv()): Commerce['catalog'] {
  return composeCommerce({ ...env, PLATFORM_FRESH_READS: '1' }, BACKENDS).catalog
}

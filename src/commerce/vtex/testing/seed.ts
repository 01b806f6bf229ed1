/**
 * The embedded platform's seed catalog, stores and customers turned into
 * VTEX's shapes, so the simulator sells what the embedded platform sells.
 */
import { buildBrands } from '../../../../platform/db/seed/brands'
import { buildCategories, type SeedCategory } from '../../../../platform/db/seed/categories'
import { SEED_ADDRESSES, SEED_CUSTOMERS } from '../../../../platform/db/seed/customers'
import { generateProducts, type SeedProduct } from '../../../../platform/db/seed/products'
import { Random } from '../../../../platform/db/seed/random'
import { buildStores, type SeedStore } from '../../../../platform/db/seed/stores'
import { DEFAULT_SEED } from '../../../../platform/db/seed'

export interface VtexSeed {
  categories: (SeedCategory & { vtexId: number })[]
  brands: { vtexId: number; id: string; slug: string; name: string }[]
  products: SeedProduct[]
  stores: SeedStore[]
  customers: typeof SEED_CUSTOMERS
  addresses: typeof SEED_ADDRESSES
}

export function vtexSeed(productCount: number, seed = DEFAULT_SEED): VtexSeed {
  const categories = buildCategories()
  const brands = buildBrands()
  const products = [...generateProducts(categories, brands, productCount, seed)].flat()
  return {
    // VTEX numbers categories and brands; the seed names them.
    categories: categories.map((c, i) => ({ ...c, vtexId: i + 1 })),
    brands: brands.map((b, i) => ({ vtexId: 2_000_000 + i, id: b.id, slug: b.slug, name: b.name })),
    products,
    stores: buildStores(new Random(seed ^ 0x5702e)),
    customers: SEED_CUSTOMERS,
    addresses: SEED_ADDRESSES,
  }
}

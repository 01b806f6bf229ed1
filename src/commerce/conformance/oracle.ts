/**
 * The oracle the catalog, cart and identity suites compare a backend's
 * answers against: the catalog, read once through the catalog adapter.
 */
import type { CatalogAdapter, Commerce } from '../capabilities'
import type { Category, LineInput, Product, ProductVariant, RequestContext } from '../../domain/types'
import { logInShoppers, type ConformanceSetup, type Fixtures } from './setup'

export interface Entry {
  product: Product
  variant: ProductVariant
}

/** The whole catalog, by sku too. */
export interface CatalogIndex {
  categories: Category[]
  products: Product[]
  /** The product and variant of a sku; throws for one the catalog does not list. */
  entry(sku: string): Entry
}

export async function readCatalog(catalog: CatalogAdapter): Promise<CatalogIndex> {
  const categories = await catalog.categories()
  const products: Product[] = []
  for (let page = 0; ; page++) {
    const answer = await catalog.products(page, 50)
    products.push(...answer.items)
    if (answer.items.length === 0 || products.length >= answer.total) break
  }
  const bySku = new Map<string, Entry>()
  for (const product of products) for (const variant of product.hasVariant) bySku.set(variant.sku, { product, variant })
  const entry = (sku: string): Entry => {
    const found = bySku.get(sku)
    if (!found) throw new Error(`sku ${sku} is not in the catalog`)
    return found
  }
  return { categories, products, entry }
}

/**
 * What the cart and identity suites shop with: the catalog as the oracle,
 * the two logged-in shoppers and order lines of `fixtures.seller`, ready
 * once the suite has called `start` with its setup.
 */
export function shopping() {
  let catalog: CatalogIndex | undefined
  let seller = ''
  const shopper: RequestContext[] = []
  return {
    shopper,
    async start(setup: { commerce: Pick<Commerce, 'catalog'>; fixtures: Pick<Fixtures, 'seller' | 'customers'> } & Pick<ConformanceSetup, 'login'>): Promise<void> {
      catalog = await readCatalog(setup.commerce.catalog)
      seller = setup.fixtures.seller
      shopper.push(...(await logInShoppers(setup)))
    },
    entry(sku: string): Entry {
      if (!catalog) throw new Error('the catalog is read when the suite starts')
      return catalog.entry(sku)
    },
    line: (sku: string, quantity: number, attachments: LineInput['attachments'] = []): LineInput => ({ sku, seller, quantity, attachments }),
  }
}

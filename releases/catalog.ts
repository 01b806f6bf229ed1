/**
 * The fast path for a price or stock change: instead of `gatsby build`, which reads the catalog again and takes
 * from 20 s at a few hundred products to minutes at a hundred thousand, only the pages that show the changed
 * skus are rendered again and put into a new release (./republish.ts). Which pages, and their new data, come from
 * src/build/catalogChange.ts: the product's page, its listings and the content pages whose shelves could hold it,
 * each with what a build would give it now.
 */
import { builtContentPages } from '../src/build/contentChange'
import { pagesShowing, type CatalogChangeInput } from '../src/build/catalogChange'
import type { PageData } from './pageRenderer'
import { republish, type RepublishOptions, type RepublishReport } from './republish'

export interface CatalogChangeOptions extends RepublishOptions {
  /** The catalog the pages are read from (the fresh catalog by default). */
  catalog?: CatalogChangeInput<PageData>['catalog']
  /** What finds the changed pages (src/build/catalogChange.ts unless given). */
  find?: typeof pagesShowing<PageData>
}

/** The skus a build job names, or null when it names anything else (a product id, a content file). */
export function skusOf(items: readonly string[]): string[] | null {
  const skus = items.map((item) => (item.startsWith('sku:') ? item.slice(4) : null))
  return skus.length > 0 && skus.every((sku): sku is string => sku !== null && sku.length > 0) ? skus : null
}

/** Renders the pages that show these skus into a new release and switches to it; throws and switches nothing on any doubt. */
export async function publishCatalogChange(options: CatalogChangeOptions, skus: readonly string[], stage: (name: string) => void = () => undefined): Promise<RepublishReport> {
  stage('prodotti cambiati')
  // The content pages the served build made, whose shelves may hold the products.
  const built = builtContentPages(options.releases.currentDir())
  const find = options.find ?? pagesShowing<PageData>
  return republish(options, (read) => find({ skus, built, read, ...(options.catalog ? { catalog: options.catalog } : {}) }), stage)
}

/**
 * How the build reads the catalog's products (gatsby-node.ts, and the
 * sourcing bench): a page at a time from the catalog adapter, each product
 * handed on before the next page is asked, so the build never holds more
 * than a page of the backend's answers whatever the catalog's size. A
 * progress line goes to stderr every PROGRESS_EVERY products, since reading
 * a large catalog from a remote backend takes minutes.
 */
import type { CatalogAdapter } from '../commerce/capabilities/catalog'
import type { Product } from '../domain/types'

/** Products a page: a large page makes fewer round trips, a small one holds less. */
export const SOURCING_PAGE_SIZE = 500
export const PROGRESS_EVERY = 5_000

export interface SourcingOptions {
  pageSize?: number
  every?: number
  /** Where progress lines go; stderr unless told. */
  log?: (line: string) => void
  now?: () => number
}

export interface Sourced {
  /** Products handed on. */
  count: number
  /** How many the backend said it lists, on its last page. */
  total: number
}

const thousands = (n: number) => n.toLocaleString('en')

/** Hands every product of the catalog to `take`, in the catalog's order, and answers how many there were. */
export async function sourceProducts(catalog: Pick<CatalogAdapter, 'products'>, take: (product: Product) => void, options: SourcingOptions = {}): Promise<Sourced> {
  const { pageSize = SOURCING_PAGE_SIZE, every = PROGRESS_EVERY, log = (line) => void process.stderr.write(`${line}\n`), now = Date.now } = options
  const started = now()
  let count = 0
  let total = 0
  let next = every
  for (let page = 0; ; page++) {
    const answer = await catalog.products(page, pageSize)
    total = answer.total
    for (const product of answer.items) take(product)
    count += answer.items.length
    if (count >= next) {
      log(`catalog: ${thousands(count)} of ${thousands(total)} products read in ${((now() - started) / 1000).toFixed(1)} s`)
      next = (Math.floor(count / every) + 1) * every
    }
    if ((page + 1) * pageSize >= answer.total || answer.items.length === 0) break
  }
  return { count, total }
}

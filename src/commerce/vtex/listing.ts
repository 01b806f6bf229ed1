/**
 * The whole catalog in zero-based pages of any size, whatever its size: what
 * build-time sourcing reads (catalog.ts' `products`). Intelligent Search
 * answers no page past its 50th, so it alone reaches 2,500 products of a
 * query (50 pages of 50); the Catalog API lists every product id, 250 at a
 * time, with no such limit, and Intelligent Search looks products up by id.
 *
 * A reading lists the best sellers first, as far as Intelligent Search reaches
 * (the build prerenders the first products and defers the rest), then every
 * other product in the Catalog API's order, each id once: an id already listed
 * is skipped, so a best seller that moves between two of Intelligent Search's
 * pages while they are read is neither lost nor listed twice. A product the
 * Catalog API lists but Intelligent Search does not (inactive, not visible, or
 * not in the trade policy) is left out, as the storefront shows it nowhere.
 *
 * Best sellers are an order that moves (most products tie at no orders, and
 * orders come in while the pages are read), so a page may repeat a product
 * another page held and leave one out. A catalog Intelligent Search reaches
 * whole is then read once more by name, an order that holds still, before
 * the Catalog API is asked: a store of up to 2,500 products never needs it,
 * nor the app key's role that reads it.
 *
 * Memory: a reading keeps the ids it has listed, in order (that is what lets a
 * page be read again, or out of turn), and the products it has looked up for
 * the page asked and at most one step past it; never the catalog's answers.
 * Reading page 0 starts a new reading, so a catalog changed since is read as
 * it is now.
 */

/** The last page Intelligent Search answers (its answers' `pagination.count` stops there). */
export const SEARCH_LAST_PAGE = 50
/** The most records the Catalog API's product and sku id listing answers at once. */
export const ID_WINDOW = 250

export interface ListingSource<P> {
  /**
   * Intelligent Search's page `page` (from 1), `perPage` products, with how many it lists in all: of the best
   * sellers, or by name for the pass that completes a reading the best sellers' moving order left short.
   */
  bestSellers(page: number, order: 'sales' | 'name'): Promise<{ products: P[]; total: number }>
  /** How many products a best-seller page holds (Intelligent Search's largest page). */
  perPage: number
  /** The product ids at positions `from` to `to` (both included) of the Catalog API's listing, and how many products it holds. */
  productIds(from: number, to: number): Promise<{ ids: string[]; total: number }>
  /** The products Intelligent Search lists among these ids (at most `perPage` of them), in any order. */
  lookUp(ids: readonly string[]): Promise<P[]>
  idOf(product: P): string
}

export interface ListingPage<P> {
  items: P[]
  /** How many products Intelligent Search lists in all. */
  total: number
}

interface Reading<P> {
  total: number
  /** Product ids by position, as far as read. */
  order: string[]
  positions: Map<string, number>
  /** The next best-seller page to read; past SEARCH_LAST_PAGE when they are all read. */
  nextPage: number
  /** The order Intelligent Search's pages are read in: best sellers, then by name if they left products out. */
  pass: 'sales' | 'name'
  /** The next window of the Catalog API's listing to read, or null when it is all read. */
  nextWindow: number | null
  /** Products looked up while the order was extended, kept for the page that asks for them. */
  held: Map<string, P>
}

/** `items` in chunks of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

export function catalogListing<P>(source: ListingSource<P>) {
  let reading: Reading<P> | null = null

  async function start(): Promise<Reading<P>> {
    const fresh: Reading<P> = { total: 0, order: [], positions: new Map(), nextPage: 1, pass: 'sales', nextWindow: 0, held: new Map() }
    // The first best-seller page tells how many products there are; it is kept for the page that needs it.
    await bestSellerPage(fresh, 0)
    return fresh
  }

  function append(r: Reading<P>, ids: readonly string[], products: readonly P[], keepFrom: number): void {
    const byId = new Map(products.map((p) => [source.idOf(p), p]))
    for (const id of ids) {
      const product = byId.get(id)
      if (!product || r.positions.has(id)) continue
      r.positions.set(id, r.order.length)
      if (r.order.length >= keepFrom) r.held.set(id, product)
      r.order.push(id)
    }
  }

  async function bestSellerPage(r: Reading<P>, keepFrom: number): Promise<void> {
    const answer = await source.bestSellers(r.nextPage, r.pass)
    if (r.nextPage === 1 && r.pass === 'sales') r.total = answer.total
    append(r, answer.products.map(source.idOf), answer.products, keepFrom)
    const reachedEnd = answer.products.length < source.perPage || r.nextPage * source.perPage >= answer.total
    r.nextPage = reachedEnd ? SEARCH_LAST_PAGE + 1 : r.nextPage + 1
    if (!reachedEnd) return
    // Intelligent Search listed them all: the Catalog API has nothing to add.
    if (r.order.length >= r.total) r.nextWindow = null
    // It reaches them all but its moving order left some out: once more, by name.
    else if (r.pass === 'sales' && r.total <= SEARCH_LAST_PAGE * source.perPage) {
      r.pass = 'name'
      r.nextPage = 1
    }
  }

  /**
   * Whether the listing's `_from` counts from 0 or from 1 is not documented (VTEX's example answers
   * `from: 1`), so consecutive windows share one position: they cover the listing either way, and
   * the id read twice is skipped as already listed.
   */
  async function idWindow(r: Reading<P>, keepFrom: number): Promise<void> {
    const from = r.nextWindow! * (ID_WINDOW - 1)
    const to = from + ID_WINDOW - 1
    const { ids, total } = await source.productIds(from, to)
    const fresh = ids.filter((id) => !r.positions.has(id))
    const found = (await Promise.all(chunks(fresh, source.perPage).map((some) => source.lookUp(some)))).flat()
    append(r, fresh, found, keepFrom)
    r.nextWindow = to >= total || ids.length === 0 ? null : r.nextWindow! + 1
  }

  /** Reads on until `until` products are listed or there are no more, keeping the products from position `keepFrom`. */
  async function extend(r: Reading<P>, until: number, keepFrom: number): Promise<void> {
    while (r.order.length < until) {
      if (r.nextPage <= SEARCH_LAST_PAGE) await bestSellerPage(r, keepFrom)
      else if (r.nextWindow !== null) await idWindow(r, keepFrom)
      else return
    }
  }

  return {
    /** Zero-based page `page` of `pageSize` products: the pages partition what Intelligent Search lists, in a stable order. */
    async page(page: number, pageSize: number): Promise<ListingPage<P>> {
      if (page === 0 || !reading) reading = await start()
      const r = reading
      const first = page * pageSize
      if (first >= r.total) return { items: [], total: r.total }
      const end = Math.min(first + pageSize, r.total)
      await extend(r, end, first)
      const ids = r.order.slice(first, end)
      const missing = ids.filter((id) => !r.held.has(id))
      const found = new Map((await Promise.all(chunks(missing, source.perPage).map((some) => source.lookUp(some)))).flat().map((p) => [source.idOf(p), p]))
      const items = ids.flatMap((id) => {
        // A product looked up again and no longer listed (it left the catalog since) is left out.
        const product = r.held.get(id) ?? found.get(id)
        return product ? [product] : []
      })
      // What this page and those before it held is served, or was skipped by a caller that read further on.
      for (const id of r.held.keys()) if (r.positions.get(id)! < end) r.held.delete(id)
      return { items, total: r.total }
    },
    /** Products held for pages not yet asked: a bound the tests check. */
    held: () => reading?.held.size ?? 0,
  }
}

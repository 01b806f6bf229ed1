/** The catalog's listing past Intelligent Search's last page, over an account in memory that keeps VTEX's limits. */
import { catalogListing, ID_WINDOW, SEARCH_LAST_PAGE, type ListingSource } from './listing'

interface Item {
  id: string
}

/**
 * An account of `size` products (ids 1001…), `perPage` best sellers a page, whose best sellers are another
 * order than the ids'. `unlisted` are in the Catalog API's listing but not in Intelligent Search's; `base`
 * is where the listing's `_from` counts from. Every call is checked against VTEX's limits and counted.
 */
function account(size: number, options: { perPage?: number; unlisted?: string[]; base?: 0 | 1; moving?: boolean } = {}) {
  const perPage = options.perPage ?? 5
  const base = options.base ?? 1
  const ids = Array.from({ length: size }, (_, i) => String(1001 + i))
  const unlisted = new Set(options.unlisted ?? [])
  const state = {
    ids,
    // Best sellers: every third product first, then the rest, so neither half is in id order.
    bestSellers: [...ids.filter((_, i) => i % 3 === 2), ...ids.filter((_, i) => i % 3 !== 2)],
    unlisted,
    calls: { bestSellers: 0, byName: 0, productIds: 0, lookUp: 0 },
  }
  const listed = () => state.bestSellers.filter((id) => !state.unlisted.has(id))
  const source: ListingSource<Item> = {
    perPage,
    async bestSellers(page, order) {
      if (order === 'name') state.calls.byName++
      else state.calls.bestSellers++
      if (page < 1 || page > SEARCH_LAST_PAGE) throw new Error(`Intelligent Search refuses page ${page}`)
      const all = order === 'name' ? [...listed()].sort() : listed()
      // A best seller of page 1 sold again while page 2 was asked: page 2 repeats it and leaves one out.
      const shift = options.moving && order === 'sales' && page === 2 ? 1 : 0
      return { products: all.slice((page - 1) * perPage - shift, page * perPage - shift).map((id) => ({ id })), total: all.length }
    },
    async productIds(from, to) {
      state.calls.productIds++
      if (to - from + 1 > ID_WINDOW) throw new Error(`the Catalog API answers at most ${ID_WINDOW} ids, asked ${from}-${to}`)
      const first = Math.max(from - base, 0)
      return { ids: state.ids.slice(first, to - base + 1), total: state.ids.length }
    },
    async lookUp(some) {
      state.calls.lookUp++
      if (some.length > perPage) throw new Error(`a lookup asks at most ${perPage} ids, asked ${some.length}`)
      const known = new Set(state.ids)
      return some.filter((id) => known.has(id) && !state.unlisted.has(id)).map((id) => ({ id }))
    },
    idOf: (item) => item.id,
  }
  return { state, source, listed }
}

async function readAll(listing: ReturnType<typeof catalogListing<Item>>, pageSize: number) {
  const seen: string[] = []
  let total = -1
  for (let page = 0; ; page++) {
    const answer = await listing.page(page, pageSize)
    total = answer.total
    seen.push(...answer.items.map((p) => p.id))
    if (answer.items.length < pageSize) break
  }
  return { seen, total }
}

const reach = SEARCH_LAST_PAGE * 5

describe('the catalog listing', () => {
  it('completes a catalog Intelligent Search reaches whole, whose best sellers moved while read, by name: never asking the Catalog API', async () => {
    const { source, listed, state } = account(40, { moving: true })
    const { seen, total } = await readAll(catalogListing(source), 7)
    expect(total).toBe(40)
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual([...listed()].sort())
    expect(state.calls.byName).toBeGreaterThan(0)
    expect(state.calls.productIds).toBe(0)
  })

  it.each([
    [0, 7],
    [1, 7],
    [1, 100],
    [0, 1000],
  ] as const)('lists every listed product once, best sellers first, whatever `_from` counts from (%i, pages of %i)', async (base, pageSize) => {
    const { source, listed, state } = account(1_200, { base, unlisted: ['1002', '1150', '1999'] })
    const { seen, total } = await readAll(catalogListing(source), pageSize)
    expect(total).toBe(listed().length)
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual([...listed()].sort())
    // As far as Intelligent Search reaches, its best sellers in its order; then the rest in the Catalog API's.
    expect(seen.slice(0, reach)).toEqual(listed().slice(0, reach))
    const rest = seen.slice(reach)
    expect(rest).toEqual(state.ids.filter((id) => rest.includes(id)))
  })

  it('answers a page read again, or read out of turn, with the same products', async () => {
    const { source } = account(900)
    const { seen } = await readAll(catalogListing(source), 40)
    const listing = catalogListing(source)
    expect((await listing.page(17, 40)).items.map((p) => p.id)).toEqual(seen.slice(680, 720))
    expect((await listing.page(3, 40)).items.map((p) => p.id)).toEqual(seen.slice(120, 160))
    expect((await listing.page(17, 40)).items.map((p) => p.id)).toEqual(seen.slice(680, 720))
  })

  it('lists a best seller that moves to an earlier page while the pages are read once, and one that moves to a later page once', async () => {
    const { source, state, listed } = account(600)
    const listing = catalogListing(source)
    const seen = (await listing.page(0, 10)).items.map((p) => p.id)
    // Sales reorder the best sellers between two reads: the 3rd moves past the first pages, the 30th moves to the top.
    const [third, thirtieth] = [state.bestSellers[2]!, state.bestSellers[29]!]
    state.bestSellers = state.bestSellers.filter((id) => id !== third && id !== thirtieth)
    state.bestSellers.splice(0, 0, thirtieth)
    state.bestSellers.splice(40, 0, third)
    for (let page = 1; ; page++) {
      const answer = await listing.page(page, 10)
      seen.push(...answer.items.map((p) => p.id))
      if (answer.items.length < 10) break
    }
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual([...listed()].sort())
  })

  it('holds no more looked-up products than one step past the page asked', async () => {
    const { source } = account(2_000)
    const listing = catalogListing(source)
    for (let page = 0; page < 2_000 / 7; page++) {
      await listing.page(page, 7)
      expect(listing.held()).toBeLessThanOrEqual(ID_WINDOW)
    }
    // A caller that jumps ahead leaves nothing behind either.
    await listing.page(0, 7)
    await listing.page(250, 7)
    expect(listing.held()).toBeLessThanOrEqual(ID_WINDOW)
  })

  it('answers a page past the last one empty, with the total, and starts a new reading at page 0', async () => {
    const { source, state } = account(300)
    const listing = catalogListing(source)
    expect(await listing.page(10, 50)).toEqual({ items: [], total: 300 })
    state.ids.push('9001')
    state.bestSellers.push('9001')
    expect((await listing.page(6, 50)).items).toEqual([])
    const again = await listing.page(0, 50)
    expect(again.total).toBe(301)
    expect((await listing.page(6, 50)).items).toEqual([{ id: '9001' }])
  })

  it('reads a catalog Intelligent Search reaches whole without the Catalog API', async () => {
    const { source, state } = account(reach)
    const { seen } = await readAll(catalogListing(source), 60)
    expect(seen).toHaveLength(reach)
    expect(state.calls.productIds).toBe(0)
    expect(state.calls.lookUp).toBe(0)
  })
})

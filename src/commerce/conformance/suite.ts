/**
 * The contract every commerce adapter passes: each method of `CommerceAdapter`
 * with its answers and its documented failures, checked only through the
 * interface and what the implementation's setup provides. An implementation
 * runs it from a test file of its own folder:
 *
 *   commerceContract('my platform', async () => ({ adapter, login, placeOrder, fixtures, close }))
 *
 * The suite reads the whole catalog once, so point the setup at a small test
 * catalog (tens of products). It changes carts it creates, the saved cart of
 * `shopper` and the wishlist of `vet`; the catalog stays as it was.
 *
 * A request context is a browser: what the adapter puts in its `issued`
 * cookies (a guest cart's key) stays with it. The suite logs a browser in by
 * giving a context the session cookie `login` answered and that browser's
 * issued cookies.
 */
import { randomUUID } from 'node:crypto'
import type { CommerceAdapter } from '../adapter'
import { CommerceError, type ErrorCode } from '../errors'
import { unitPriceFor } from '../../domain/tiers'
import type { Cart, CartItem, Category, LineInput, Product, ProductSummary, ProductVariant, RequestContext, SearchQuery, SearchSort } from '../../domain/types'

export interface Credentials {
  email: string
  password: string
}

/** What an implementation's test catalog holds, named so the suite can find it. */
export interface ContractFixtures {
  /** The seller of every sku below. */
  seller: string
  /** In stock, its product without price tiers and with minQuantity 1; a line takes 3 units or more, and a full line reaches the minimum order. */
  sku: string
  /** Like `sku`, of another product. */
  otherSku: string
  /** Listed, but its variant is out of stock (lowPrice 0 or less). */
  outOfStockSku: string
  /** In stock, its product with price tiers that lower the unit price, at least as many units per line as the highest tier. */
  tieredSku: string
  /** In stock, its product's minQuantity above 1. */
  minQuantitySku: string
  /** A word the search finds in some listed products, not in all. */
  searchTerm: string
  /** Three different customers; `vet` is a veterinarian, the other two are not. */
  customers: { shopper: Credentials; otherShopper: Credentials; vet: Credentials }
}

export interface ContractSetup {
  adapter: CommerceAdapter
  /** Logs a customer in and answers the request context that carries their session. */
  login(credentials: Credentials): Promise<RequestContext>
  fixtures: ContractFixtures
  /**
   * Places the order of a cart the way a shopper's checkout would (checkout is
   * the platform's, not the adapter's). The suite fills the cart with as many
   * units of `fixtures.sku` as a line takes.
   */
  placeOrder(cartId: string, ctx: RequestContext): Promise<void>
  close?(): Promise<void>
}

/** Matches nothing in any catalog. */
const NO_MATCH_TERM = 'zxqvwjk'
const UNKNOWN_SKU = '987654321098'

/**
 * The same browser after its shopper logs in: the session of `session`, and
 * whatever the platform issued to `browser` (the key of its guest cart).
 */
const loggedInHere = (browser: RequestContext, session: RequestContext): RequestContext => ({ cookie: session.cookie, issued: browser.issued })

interface Entry {
  product: Product
  variant: ProductVariant
}

/** The rejection of `promise`, checked to be our typed error with this status and code. */
async function rejection(promise: Promise<unknown>, status: number, code: ErrorCode): Promise<CommerceError> {
  const error = await promise.then(
    () => new Error(`expected a CommerceError ${status}, the call succeeded`),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CommerceError)
  expect(error).toMatchObject({ status, code })
  return error as CommerceError
}

/** The lines the shopper chose; gifts are the platform's to add. */
const paid = (cart: Cart): CartItem[] => cart.items.filter((item) => !item.isGift)
const lines = (cart: Cart) => paid(cart).map((item) => [item.itemOffered.sku, item.quantity])
const attachmentsOf = (item: CartItem) =>
  item.itemOffered.additionalProperty.filter((p) => p.valueReference === 'ATTACHMENT').map((p) => ({ name: p.name, value: p.value }))

const lowestPrice = (product: ProductSummary) => Math.min(...product.hasVariant.map((v) => v.offers.price))
const highestDiscount = (product: ProductSummary) =>
  Math.max(0, ...product.hasVariant.map((v) => (v.offers.listPrice > 0 ? Math.round(((v.offers.listPrice - v.offers.price) * 10000) / v.offers.listPrice) : 0)))

function expectOrdered<T>(items: T[], key: (item: T) => number | string, direction: 'asc' | 'desc'): void {
  const keys = items.map(key)
  for (let i = 1; i < keys.length; i++) {
    const [a, b] = direction === 'asc' ? [keys[i - 1]!, keys[i]!] : [keys[i]!, keys[i - 1]!]
    expect([i, a <= b]).toEqual([i, true])
  }
}

export function commerceContract(name: string, setup: () => Promise<ContractSetup>): void {
  /** One guest's browser: what the platform issues to it stays in it (see RequestContext). */
  const GUEST: RequestContext = {}
  describe(`commerce contract: ${name}`, () => {
    let adapter: CommerceAdapter
    let fixtures: ContractFixtures
    let context: ContractSetup
    let products: Product[]
    let categories: Category[]
    const bySku = new Map<string, Entry>()
    const shopper: RequestContext[] = []

    beforeAll(async () => {
      context = await setup()
      ;({ adapter, fixtures } = context)
      categories = await adapter.catalog.categories()
      products = []
      for (let page = 0; ; page++) {
        const answer = await adapter.catalog.products(page, 50)
        products.push(...answer.items)
        if (answer.items.length === 0 || products.length >= answer.total) break
      }
      for (const product of products) for (const variant of product.hasVariant) bySku.set(variant.sku, { product, variant })
      shopper.push(await context.login(fixtures.customers.shopper), await context.login(fixtures.customers.otherShopper))
    }, 120_000)
    afterAll(() => context?.close?.())

    const entry = (sku: string): Entry => {
      const found = bySku.get(sku)
      if (!found) throw new Error(`sku ${sku} is not in the catalog`)
      return found
    }
    const line = (sku: string, quantity: number, attachments: LineInput['attachments'] = []): LineInput => ({ sku, seller: fixtures.seller, quantity, attachments })
    const query = (change: Partial<SearchQuery> = {}): SearchQuery => ({ term: null, category: null, filters: [], sort: 'score_desc', page: 0, pageSize: 500, ...change })
    /** The category and its ancestors, by id. */
    const lineage = (categoryId: string): Category[] => {
      const category = categories.find((c) => c.id === categoryId)
      return category ? [category, ...(category.parentId ? lineage(category.parentId) : [])] : []
    }
    const productOf = (summary: ProductSummary): Product => {
      const product = products.find((p) => p.id === summary.id)
      if (!product) throw new Error(`search answered product ${summary.id}, which the catalog does not list`)
      return product
    }

    it('names fixtures that are what they claim to be', () => {
      const { sku, otherSku, outOfStockSku, tieredSku, minQuantitySku } = fixtures
      for (const s of [sku, otherSku]) {
        expect(entry(s).variant.offers.lowPrice).toBeGreaterThan(0)
        expect(entry(s).product.priceTiers).toEqual([])
        expect(entry(s).product.minQuantity).toBe(1)
        expect(entry(s).variant.maxQuantity).toBeGreaterThanOrEqual(3)
      }
      expect(entry(sku).product.id).not.toBe(entry(otherSku).product.id)
      expect(entry(outOfStockSku).variant.offers.lowPrice).toBeLessThanOrEqual(0)
      const tiered = entry(tieredSku)
      expect(tiered.variant.offers.lowPrice).toBeGreaterThan(0)
      expect(tiered.product.priceTiers.length).toBeGreaterThan(0)
      const top = Math.max(...tiered.product.priceTiers.map((t) => t.minQuantity))
      expect(tiered.variant.maxQuantity).toBeGreaterThanOrEqual(top)
      expect(unitPriceFor(tiered.product.priceTiers, tiered.variant.offers.price, tiered.product.tierExtraDiscount, top)).toBeLessThan(tiered.variant.offers.price)
      expect(entry(minQuantitySku).product.minQuantity).toBeGreaterThan(1)
      expect(entry(minQuantitySku).variant.offers.lowPrice).toBeGreaterThan(0)
    })

    describe('catalog', () => {
      it('lists categories as a tree of four levels at most, parents first in the slug', () => {
        expect(categories.length).toBeGreaterThan(0)
        expect(new Set(categories.map((c) => c.id)).size).toBe(categories.length)
        expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length)
        for (const category of categories) {
          if (category.level === 1) {
            expect(category.parentId).toBeNull()
            expect(category.slug).not.toContain('/')
          } else {
            const parent = categories.find((c) => c.id === category.parentId)
            expect(parent).toBeDefined()
            expect(parent!.level).toBe(category.level - 1)
            expect(category.slug.startsWith(`${parent!.slug}/`)).toBe(true)
          }
        }
      })

      it('lists brands with unique ids and slugs, and every product’s brand among them', async () => {
        const brands = await adapter.catalog.brands()
        expect(brands.length).toBeGreaterThan(0)
        expect(new Set(brands.map((b) => b.id)).size).toBe(brands.length)
        expect(new Set(brands.map((b) => b.slug)).size).toBe(brands.length)
        for (const product of products) expect(brands).toContainEqual(product.brand)
      })

      it('pages products in a stable order: the pages partition the catalog and the last one is short', async () => {
        const first = await adapter.catalog.products(0, 7)
        expect(first).toMatchObject({ page: 0, pageSize: 7, total: products.length })
        expect(first.items).toHaveLength(7)
        const pages = Math.ceil(products.length / 7)
        const all = [...first.items]
        for (let page = 1; page < pages; page++) {
          const answer = await adapter.catalog.products(page, 7)
          expect(answer).toMatchObject({ page, pageSize: 7, total: products.length })
          all.push(...answer.items)
        }
        expect(all.map((p) => p.id)).toEqual(products.map((p) => p.id))
        expect(new Set(all.map((p) => p.id)).size).toBe(products.length)
        const last = await adapter.catalog.products(pages - 1, 7)
        expect(last.items).toHaveLength(products.length - (pages - 1) * 7)
        expect((await adapter.catalog.products(0, 7)).items.map((p) => p.id)).toEqual(first.items.map((p) => p.id))
      })

      it('answers a page past the last one empty, with the same total', async () => {
        const answer = await adapter.catalog.products(Math.ceil(products.length / 7) + 3, 7)
        expect(answer.items).toEqual([])
        expect(answer.total).toBe(products.length)
      })

      it('places every product in a known category, with variants and a breadcrumb ending on it', () => {
        for (const product of products) {
          expect(categories.map((c) => c.id)).toContain(product.categoryId)
          expect(product.hasVariant.length).toBeGreaterThan(0)
          expect(product.breadcrumbList.at(-1)?.name).toBe(product.name)
        }
      })
    })

    describe('search', () => {
      it('finds every listed product without a term, and a term narrows it', async () => {
        const all = await adapter.catalog.search(query())
        expect(all.total).toBe(products.length)
        const found = await adapter.catalog.search(query({ term: fixtures.searchTerm }))
        expect(found.total).toBeGreaterThan(0)
        expect(found.total).toBeLessThan(all.total)
        expect(found.products).toHaveLength(found.total)
      })

      it('answers an empty result, not an error, for a term nothing matches', async () => {
        const answer = await adapter.catalog.search(query({ term: NO_MATCH_TERM }))
        expect(answer.total).toBe(0)
        expect(answer.products).toEqual([])
      })

      it('pages results: consecutive pages join into the larger page, past the last one is empty', async () => {
        const whole = await adapter.catalog.search(query({ pageSize: 10 }))
        const first = await adapter.catalog.search(query({ pageSize: 5 }))
        const second = await adapter.catalog.search(query({ pageSize: 5, page: 1 }))
        expect(first).toMatchObject({ page: 0, pageSize: 5, total: whole.total })
        expect(second).toMatchObject({ page: 1, pageSize: 5, total: whole.total })
        expect([...first.products, ...second.products].map((p) => p.id)).toEqual(whole.products.map((p) => p.id))
        const past = await adapter.catalog.search(query({ pageSize: 5, page: Math.ceil(whole.total / 5) + 1 }))
        expect(past.products).toEqual([])
        expect(past.total).toBe(whole.total)
      })

      it('scopes to a category and its descendants, and offers its children as facets', async () => {
        const within = (top: Category) => (p: Product) => lineage(p.categoryId).some((c) => c.id === top.id)
        const top = categories.find((c) => c.level === 1 && products.some(within(c)) && !products.every(within(c)))!
        const answer = await adapter.catalog.search(query({ category: top.slug }))
        const inside = products.filter(within(top))
        expect(answer.total).toBe(inside.length)
        expect(answer.total).toBeGreaterThan(0)
        for (const summary of answer.products) expect(lineage(productOf(summary).categoryId).map((c) => c.id)).toContain(top.id)
        const children = answer.facets.find((f) => f.key === 'category')?.values ?? []
        expect(children.length).toBeGreaterThan(0)
        for (const value of children) expect(categories.find((c) => c.slug === value.value)?.parentId).toBe(top.id)
      })

      it('filters by a brand facet: every product of that brand, as many as the facet counted', async () => {
        const brands = (await adapter.catalog.search(query())).facets.find((f) => f.key === 'brand')!
        const value = brands.values[0]!
        const answer = await adapter.catalog.search(query({ filters: [{ key: 'brand', value: value.value }] }))
        expect(answer.total).toBe(value.quantity)
        for (const product of answer.products) expect(product.brand.slug).toBe(value.value)
        expect(answer.facets.find((f) => f.key === 'brand')?.values.find((v) => v.value === value.value)?.selected).toBe(true)
      })

      it('ORs two values of one key and ANDs different keys', async () => {
        const brands = (await adapter.catalog.search(query())).facets.find((f) => f.key === 'brand')!.values
        const [a, b] = [brands[0]!, brands[1]!]
        const either = await adapter.catalog.search(query({ filters: [{ key: 'brand', value: a.value }, { key: 'brand', value: b.value }] }))
        expect(either.total).toBe(a.quantity + b.quantity)
        const prices = either.facets.find((f) => f.key === 'price')!.values
        const price = prices.find((v) => v.quantity > 0 && v.quantity < either.total) ?? prices[0]!
        const both = await adapter.catalog.search(
          query({ filters: [{ key: 'brand', value: a.value }, { key: 'brand', value: b.value }, { key: 'price', value: price.value }] }),
        )
        expect(both.total).toBe(price.quantity)
        for (const product of both.products) expect([a.value, b.value]).toContain(product.brand.slug)
      })

      it('filters by a property facet, as many as the facet counted', async () => {
        const facets = (await adapter.catalog.search(query())).facets.filter((f) => !['brand', 'category', 'price'].includes(f.key))
        const facet = facets.find((f) => f.values.length > 0)!
        const value = facet.values[0]!
        const answer = await adapter.catalog.search(query({ filters: [{ key: facet.key, value: value.value }] }))
        expect(answer.total).toBe(value.quantity)
        expect(answer.total).toBeGreaterThan(0)
      })

      it.each<[SearchSort, (p: ProductSummary, full: Product) => number | string, 'asc' | 'desc']>([
        ['price_asc', (p) => lowestPrice(p), 'asc'],
        ['price_desc', (p) => lowestPrice(p), 'desc'],
        ['name_asc', (p) => p.name.toLowerCase(), 'asc'],
        ['name_desc', (p) => p.name.toLowerCase(), 'desc'],
        ['discount_desc', (p) => highestDiscount(p), 'desc'],
        ['release_desc', (_p, full) => full.releaseDate, 'desc'],
      ])('sorts by %s', async (sort, key, direction) => {
        const answer = await adapter.catalog.search(query({ sort }))
        expect(answer.products).toHaveLength(products.length)
        expectOrdered(answer.products, (p) => key(p, productOf(p)), direction)
      })

      it('rejects an unknown category with 404, as scope or as filter', async () => {
        await rejection(adapter.catalog.search(query({ category: 'nessuna-categoria-simile' })), 404, 'not_found')
        await rejection(adapter.catalog.search(query({ filters: [{ key: 'category', value: 'nessuna-categoria-simile' }] })), 404, 'not_found')
      })

      it('rejects an unknown brand with 404 and an unknown facet key with 400', async () => {
        await rejection(adapter.catalog.search(query({ filters: [{ key: 'brand', value: 'nessuna-marca-simile' }] })), 404, 'not_found')
        await rejection(adapter.catalog.search(query({ filters: [{ key: 'nessun-filtro-simile', value: 'x' }] })), 400, 'bad_request')
      })
    })

    describe('suggestions', () => {
      it('completes a partly typed term with products the search finds, within the limits', async () => {
        const typed = fixtures.searchTerm.slice(0, Math.max(3, fixtures.searchTerm.length - 2))
        const answer = await adapter.catalog.suggestions(typed, { terms: 3, products: 2 })
        expect(answer.terms.length).toBeGreaterThan(0)
        expect(answer.terms.length).toBeLessThanOrEqual(3)
        expect(answer.products.length).toBeGreaterThan(0)
        expect(answer.products.length).toBeLessThanOrEqual(2)
        for (const term of answer.terms) expect(term.value.toLowerCase()).toContain(typed.toLowerCase())
        const found = (await adapter.catalog.search(query({ term: typed }))).products.map((p) => p.id)
        for (const product of answer.products) expect(found).toContain(product.id)
      })

      it('suggests nothing for a term nothing matches', async () => {
        expect(await adapter.catalog.suggestions(NO_MATCH_TERM, { terms: 5, products: 5 })).toEqual({ terms: [], products: [] })
      })
    })

    describe('cart', () => {
      it('creates an empty guest cart that get answers the same', async () => {
        const cart = await adapter.cart.create(GUEST)
        expect(cart.id).not.toBe('')
        expect(cart.items).toEqual([])
        expect(await adapter.cart.get(cart.id, GUEST)).toEqual(cart)
      })

      it('rejects an unknown cart with 404, for reading and for every change', async () => {
        const id = randomUUID()
        await rejection(adapter.cart.get(id, GUEST), 404, 'not_found')
        await rejection(adapter.cart.get('not-a-cart-id', GUEST), 404, 'not_found')
        await rejection(adapter.cart.addItem(id, line(fixtures.sku, 1), GUEST), 404, 'not_found')
        await rejection(adapter.cart.replaceItems(id, [], GUEST), 404, 'not_found')
      })

      it('adds a new line at the catalog price, with its product and stock data', async () => {
        const cart = await adapter.cart.create(GUEST)
        const after = await adapter.cart.addItem(cart.id, line(fixtures.sku, 2), GUEST)
        const { product, variant } = entry(fixtures.sku)
        expect(after.id).toBe(cart.id)
        expect(paid(after)).toHaveLength(1)
        const item = paid(after)[0]!
        expect(item).toMatchObject({ quantity: 2, price: variant.offers.price, listPrice: variant.offers.listPrice, seller: { identifier: fixtures.seller } })
        expect(item.itemOffered).toMatchObject({ sku: fixtures.sku, slug: product.slug, gtin: variant.gtin, brand: { name: product.brand.name } })
        expect(item.itemOffered.isVariantOf.productGroupID).toBe(product.id)
        expect(item.itemOffered.isVariantOf.hasVariant).toContainEqual({ sku: fixtures.sku, offers: { lowPrice: variant.offers.lowPrice } })
        expect(await adapter.cart.get(cart.id, GUEST)).toEqual(after)
      })

      it('sums the same sku into its line and keeps lines with other attachments apart', async () => {
        const cart = await adapter.cart.create(GUEST)
        const attachment = [{ name: 'vtex.subscription.zampa', value: '1 mese' }]
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.otherSku, 1), GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1, attachment), GUEST)
        const after = await adapter.cart.addItem(cart.id, line(fixtures.sku, 2), GUEST)
        expect(paid(after).map((i) => [i.itemOffered.sku, i.quantity, attachmentsOf(i)])).toEqual([
          [fixtures.sku, 3, []],
          [fixtures.otherSku, 1, []],
          [fixtures.sku, 1, attachment],
        ])
      })

      it('rejects an unknown sku with 404 and leaves the cart as it was', async () => {
        const cart = await adapter.cart.create(GUEST)
        const before = await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        await rejection(adapter.cart.addItem(cart.id, line(UNKNOWN_SKU, 1), GUEST), 404, 'not_found')
        expect(await adapter.cart.get(cart.id, GUEST)).toEqual(before)
      })

      it('rejects quantities outside the line’s bounds with 422, also after summing, and changes nothing', async () => {
        const { variant } = entry(fixtures.sku)
        const cart = await adapter.cart.create(GUEST)
        const before = await adapter.cart.addItem(cart.id, line(fixtures.sku, variant.maxQuantity - 1), GUEST)
        await rejection(adapter.cart.addItem(cart.id, line(fixtures.sku, 2), GUEST), 422, 'unprocessable')
        await rejection(adapter.cart.addItem(cart.id, line(fixtures.otherSku, entry(fixtures.otherSku).variant.maxQuantity + 1), GUEST), 422, 'unprocessable')
        await rejection(adapter.cart.addItem(cart.id, line(fixtures.otherSku, 0), GUEST), 422, 'unprocessable')
        expect(await adapter.cart.get(cart.id, GUEST)).toEqual(before)
        expect(lines(await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST))).toEqual([[fixtures.sku, variant.maxQuantity]])
      })

      it("rejects fewer units than the product's minimum with 422", async () => {
        const { product } = entry(fixtures.minQuantitySku)
        const cart = await adapter.cart.create(GUEST)
        await rejection(adapter.cart.addItem(cart.id, line(fixtures.minQuantitySku, product.minQuantity - 1), GUEST), 422, 'unprocessable')
        const after = await adapter.cart.addItem(cart.id, line(fixtures.minQuantitySku, product.minQuantity), GUEST)
        expect(lines(after)).toEqual([[fixtures.minQuantitySku, product.minQuantity]])
      })

      it('keeps an out-of-stock sku in the cart, its line saying it is out of stock', async () => {
        const cart = await adapter.cart.create(GUEST)
        const after = await adapter.cart.addItem(cart.id, line(fixtures.outOfStockSku, 1), GUEST)
        const item = paid(after).find((i) => i.itemOffered.sku === fixtures.outOfStockSku)!
        expect(item.itemOffered.isVariantOf.hasVariant.find((v) => v.sku === fixtures.outOfStockSku)!.offers.lowPrice).toBeLessThanOrEqual(0)
      })

      it('prices a line by the highest price tier its quantity reaches, as the product page shows', async () => {
        const { product, variant } = entry(fixtures.tieredSku)
        const cart = await adapter.cart.create(GUEST)
        const quantities = [1, ...product.priceTiers.map((t) => t.minQuantity)]
        for (const quantity of quantities) {
          const after = await adapter.cart.replaceItems(cart.id, [line(fixtures.tieredSku, quantity)], GUEST)
          expect([quantity, paid(after)[0]!.price]).toEqual([quantity, unitPriceFor(product.priceTiers, variant.offers.price, product.tierExtraDiscount, quantity)])
        }
      })

      it('sets the quantity of a line in its place; 404 for a line not in the cart, 422 out of bounds', async () => {
        const cart = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.otherSku, 1), GUEST)
        const updated = await adapter.cart.updateItem(cart.id, line(fixtures.sku, 3), GUEST)
        expect(lines(updated)).toEqual([[fixtures.sku, 3], [fixtures.otherSku, 1]])
        await rejection(adapter.cart.updateItem(cart.id, line(fixtures.tieredSku, 1), GUEST), 404, 'not_found')
        await rejection(adapter.cart.updateItem(cart.id, line(fixtures.sku, 0), GUEST), 422, 'unprocessable')
        await rejection(adapter.cart.updateItem(cart.id, line(fixtures.sku, entry(fixtures.sku).variant.maxQuantity + 1), GUEST), 422, 'unprocessable')
        expect(lines(await adapter.cart.get(cart.id, GUEST))).toEqual(lines(updated))
      })

      it('removes a line; 404 for a line not in the cart', async () => {
        const cart = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.otherSku, 2), GUEST)
        const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
        const removed = await adapter.cart.removeItem(cart.id, selector, GUEST)
        expect(lines(removed)).toEqual([[fixtures.otherSku, 2]])
        await rejection(adapter.cart.removeItem(cart.id, selector, GUEST), 404, 'not_found')
      })

      it('replaces the paid lines with exactly the given ones, summing repeats; [] empties it', async () => {
        const cart = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        const replaced = await adapter.cart.replaceItems(cart.id, [line(fixtures.otherSku, 2), line(fixtures.tieredSku, 1), line(fixtures.otherSku, 1)], GUEST)
        expect(lines(replaced)).toEqual([[fixtures.otherSku, 3], [fixtures.tieredSku, 1]])
        expect(paid(await adapter.cart.replaceItems(cart.id, [], GUEST))).toEqual([])
      })

      it('rejects a replacement with an unknown sku (404) or a quantity out of bounds (422) and keeps every line', async () => {
        const cart = await adapter.cart.create(GUEST)
        const before = await adapter.cart.replaceItems(cart.id, [line(fixtures.sku, 1), line(fixtures.otherSku, 1)], GUEST)
        await rejection(adapter.cart.replaceItems(cart.id, [line(fixtures.sku, 2), line(UNKNOWN_SKU, 1)], GUEST), 404, 'not_found')
        await rejection(adapter.cart.replaceItems(cart.id, [line(fixtures.sku, 2), line(fixtures.otherSku, 0)], GUEST), 422, 'unprocessable')
        expect(await adapter.cart.get(cart.id, GUEST)).toEqual(before)
      })

      it("gives a logged-in shopper's cart to them alone: 403 for another shopper and for a guest", async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const cart = await adapter.cart.create(mine)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), mine)
        const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
        for (const other of [theirs, GUEST]) {
          await rejection(adapter.cart.get(cart.id, other), 403, 'forbidden')
          await rejection(adapter.cart.addItem(cart.id, line(fixtures.sku, 1), other), 403, 'forbidden')
          await rejection(adapter.cart.updateItem(cart.id, line(fixtures.sku, 2), other), 403, 'forbidden')
          await rejection(adapter.cart.removeItem(cart.id, selector, other), 403, 'forbidden')
          await rejection(adapter.cart.replaceItems(cart.id, [], other), 403, 'forbidden')
        }
        expect(lines(await adapter.cart.get(cart.id, mine))).toEqual([[fixtures.sku, 1]])
      })

      it('answers 409 for a placed cart, to reading and to every change', async () => {
        const cart = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, entry(fixtures.sku).variant.maxQuantity), GUEST)
        await context.placeOrder(cart.id, GUEST)
        const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
        await rejection(adapter.cart.get(cart.id, GUEST), 409, 'conflict')
        await rejection(adapter.cart.addItem(cart.id, line(fixtures.otherSku, 1), GUEST), 409, 'conflict')
        await rejection(adapter.cart.updateItem(cart.id, line(fixtures.sku, 1), GUEST), 409, 'conflict')
        await rejection(adapter.cart.removeItem(cart.id, selector, GUEST), 409, 'conflict')
        await rejection(adapter.cart.replaceItems(cart.id, [], GUEST), 409, 'conflict')
      })

      it('binds a guest cart to the browser that created it: any other browser, guest or logged in, gets the 404 of an unknown id', async () => {
        const [someone] = shopper as [RequestContext]
        const cart = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
        for (const other of [{}, someone]) {
          await rejection(adapter.cart.get(cart.id, other), 404, 'not_found')
          await rejection(adapter.cart.addItem(cart.id, line(fixtures.sku, 1), other), 404, 'not_found')
          await rejection(adapter.cart.updateItem(cart.id, line(fixtures.sku, 2), other), 404, 'not_found')
          await rejection(adapter.cart.removeItem(cart.id, selector, other), 404, 'not_found')
          await rejection(adapter.cart.replaceItems(cart.id, [], other), 404, 'not_found')
        }
        expect(lines(await adapter.cart.get(cart.id, GUEST))).toEqual([[fixtures.sku, 1]])
      })

      it('lets a shopper who logs in holding a guest cart claim it: it becomes theirs', async () => {
        const [mine] = shopper as [RequestContext]
        const browser: RequestContext = {}
        const cart = await adapter.cart.create(browser)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), browser)
        const claimed = await adapter.cart.get(cart.id, loggedInHere(browser, mine))
        expect(lines(claimed)).toEqual([[fixtures.sku, 1]])
        expect(lines(await adapter.cart.get(cart.id, mine))).toEqual([[fixtures.sku, 1]])
        await rejection(adapter.cart.get(cart.id, browser), 403, 'forbidden')
      })
    })

    describe('session', () => {
      it('knows no person and no profile for a guest', async () => {
        expect(await adapter.session.person(GUEST)).toBeNull()
        expect(await adapter.session.profile(GUEST)).toBeNull()
        expect(await adapter.session.addresses(GUEST)).toEqual([])
      })

      it('answers the logged-in person and their profile', async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const person = await adapter.session.person(mine)
        expect(person?.email).toBe(fixtures.customers.shopper.email)
        expect(person?.givenName).not.toBe('')
        expect((await adapter.session.person(theirs))?.email).toBe(fixtures.customers.otherShopper.email)
        expect((await adapter.session.person(theirs))?.id).not.toBe(person?.id)
        const profile = await adapter.session.profile(mine)
        expect(profile).toMatchObject({ isVet: false })
        expect(profile?.bkId).not.toBe('')
        expect(profile?.arcacard).not.toBe('')
      })

      it('flags the veterinarian', async () => {
        const vet = await context.login(fixtures.customers.vet)
        expect((await adapter.session.person(vet))?.email).toBe(fixtures.customers.vet.email)
        expect(await adapter.session.profile(vet)).toMatchObject({ isVet: true })
      })
    })

    describe('shared cart', () => {
      it('refuses guests everything but the owner question, which answers unsaved for a fresh or unknown cart', async () => {
        const cart = await adapter.cart.create(GUEST)
        expect(await adapter.sharedCart.owner(cart.id, GUEST)).toEqual({ saved: false, customerId: null })
        expect(await adapter.sharedCart.owner(randomUUID(), GUEST)).toEqual({ saved: false, customerId: null })
        await rejection(adapter.sharedCart.saved(false, GUEST), 401, 'unauthorized')
        await rejection(adapter.sharedCart.save(cart.id, GUEST), 401, 'unauthorized')
        await rejection(adapter.sharedCart.merge(cart.id, cart.id, GUEST), 401, 'unauthorized')
      })

      it('saves a guest cart for the caller, who finds it again; others learn only that it is saved', async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const cart = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        // Only from the browser holding the guest cart.
        await rejection(adapter.sharedCart.save(cart.id, mine), 404, 'not_found')
        const saved = await adapter.sharedCart.save(cart.id, loggedInHere(GUEST, mine))
        expect(saved.id).toBe(cart.id)
        expect((await adapter.sharedCart.saved(true, mine))?.id).toBe(cart.id)
        const me = await adapter.session.person(mine)
        expect(await adapter.sharedCart.owner(cart.id, mine)).toEqual({ saved: true, customerId: me?.id })
        expect(await adapter.sharedCart.owner(cart.id, theirs)).toEqual({ saved: true, customerId: null })
        expect(await adapter.sharedCart.owner(cart.id, GUEST)).toEqual({ saved: true, customerId: null })
        await rejection(adapter.sharedCart.save(cart.id, theirs), 403, 'forbidden')
        await rejection(adapter.cart.get(cart.id, GUEST), 403, 'forbidden')
      })

      it('merges with COMBINE into the saved cart: sums equal lines up to the maximum, drops none', async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const max = entry(fixtures.sku).variant.maxQuantity
        const savedCart = await adapter.cart.create(mine)
        await adapter.cart.addItem(savedCart.id, line(fixtures.sku, max - 1), mine)
        await adapter.sharedCart.save(savedCart.id, mine)
        const current = await adapter.cart.create(GUEST)
        await adapter.cart.addItem(current.id, line(fixtures.sku, 2), GUEST)
        await adapter.cart.addItem(current.id, line(fixtures.otherSku, 1), GUEST)
        await rejection(adapter.sharedCart.merge(savedCart.id, current.id, theirs), 403, 'forbidden')
        await rejection(adapter.sharedCart.merge(savedCart.id, current.id, mine), 404, 'not_found')
        const merged = await adapter.sharedCart.merge(savedCart.id, current.id, loggedInHere(GUEST, mine))
        expect(merged.id).toBe(savedCart.id)
        expect(lines(merged)).toEqual([[fixtures.sku, max], [fixtures.otherSku, 1]])
        // The merged guest cart keeps its lines and is the shopper's now.
        expect(lines(await adapter.cart.get(current.id, mine))).toEqual([[fixtures.sku, 2], [fixtures.otherSku, 1]])
      })
    })

    describe('wishlist', () => {
      it('adds a sku once, lists it, and removes only the caller\'s item', async () => {
        const vet = await context.login(fixtures.customers.vet)
        const [other] = shopper as [RequestContext]
        const before = await adapter.wishlist.list(vet)
        const id = await adapter.wishlist.add(fixtures.otherSku, vet)
        expect(await adapter.wishlist.add(fixtures.otherSku, vet)).toBe(id)
        expect(await adapter.wishlist.list(vet)).toEqual([...before.filter((i) => i.id !== id), { id, sku: fixtures.otherSku, productId: entry(fixtures.otherSku).product.id }])
        expect(await adapter.wishlist.remove(id, other)).toBe(false)
        expect(await adapter.wishlist.remove(id, vet)).toBe(true)
        expect(await adapter.wishlist.remove(id, vet)).toBe(false)
        expect(await adapter.wishlist.list(vet)).toEqual(before.filter((i) => i.id !== id))
      })

      it('rejects guests with 401 and unknown skus with 404', async () => {
        await rejection(adapter.wishlist.list(GUEST), 401, 'unauthorized')
        await rejection(adapter.wishlist.add(fixtures.sku, GUEST), 401, 'unauthorized')
        await rejection(adapter.wishlist.add(UNKNOWN_SKU, shopper[0] as RequestContext), 404, 'not_found')
      })
    })

    describe('loyalty', () => {
      it('answers a whole multiplier of at least 1 for every sku of the catalog', async () => {
        for (const sku of [fixtures.sku, fixtures.otherSku, fixtures.tieredSku, fixtures.outOfStockSku]) {
          const multiplier = await adapter.loyalty.multiplier(sku)
          expect([sku, Number.isInteger(multiplier) && multiplier >= 1]).toEqual([sku, true])
        }
      })

      it('rejects an unknown sku with 404', async () => {
        await rejection(adapter.loyalty.multiplier(UNKNOWN_SKU), 404, 'not_found')
      })
    })
  })
}

/**
 * The conformance suite of the catalog (capabilities/catalog.ts): each method
 * with its answers and its documented failures, checked only through the
 * interface and what the setup provides. A backend serving the catalog runs
 * it from a test file of its own folder (see ./index.ts):
 *
 *   catalogConformance('my backend', async () => ({ commerce: { catalog }, fixtures: { searchTerm }, close }))
 *
 * The suite reads the whole catalog once, so point the setup at a small test
 * catalog (tens of products). It changes nothing.
 */
import type { Category, Product, ProductSummary, SearchQuery, SearchSort } from '../../domain/types'
import { rejection } from './checks'
import { readCatalog } from './oracle'
import { prepare, type SuiteSetup } from './setup'

export type CatalogSetup = SuiteSetup<'catalog', 'searchTerm'>

/** Matches nothing in any catalog. */
const NO_MATCH_TERM = 'zxqvwjk'

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

export function catalogConformance(name: string, setup: () => Promise<CatalogSetup>): void {
  describe(`catalog conformance: ${name}`, () => {
    let commerce: CatalogSetup['commerce']
    let fixtures: CatalogSetup['fixtures']
    let products: Product[]
    let categories: Category[]
    prepare(setup, async (made) => {
      ;({ commerce, fixtures } = made)
      ;({ products, categories } = await readCatalog(commerce.catalog))
    })

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

    describe('categories, brands and products', () => {
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
        const brands = await commerce.catalog.brands()
        expect(brands.length).toBeGreaterThan(0)
        expect(new Set(brands.map((b) => b.id)).size).toBe(brands.length)
        expect(new Set(brands.map((b) => b.slug)).size).toBe(brands.length)
        for (const product of products) expect(brands).toContainEqual(product.brand)
      })

      it('pages products in a stable order: the pages partition the catalog and the last one is short', async () => {
        const first = await commerce.catalog.products(0, 7)
        expect(first).toMatchObject({ page: 0, pageSize: 7, total: products.length })
        expect(first.items).toHaveLength(7)
        const pages = Math.ceil(products.length / 7)
        const all = [...first.items]
        for (let page = 1; page < pages; page++) {
          const answer = await commerce.catalog.products(page, 7)
          expect(answer).toMatchObject({ page, pageSize: 7, total: products.length })
          all.push(...answer.items)
        }
        expect(all.map((p) => p.id)).toEqual(products.map((p) => p.id))
        expect(new Set(all.map((p) => p.id)).size).toBe(products.length)
        const last = await commerce.catalog.products(pages - 1, 7)
        expect(last.items).toHaveLength(products.length - (pages - 1) * 7)
        expect((await commerce.catalog.products(0, 7)).items.map((p) => p.id)).toEqual(first.items.map((p) => p.id))
      })

      it('finds the products holding some skus, each once, as the pages read them, and leaves out a sku no product holds', async () => {
        const many = products.find((p) => p.hasVariant.length > 1) ?? products[0]!
        const other = products.at(-1)!
        const found = await commerce.catalog.productsBySku([...many.hasVariant.map((v) => v.sku), other.hasVariant[0]!.sku, 'no-such-sku'])
        expect(found.map((p) => p.id).sort()).toEqual([...new Set([many.id, other.id])].sort())
        for (const product of found) expect(product).toEqual(products.find((p) => p.id === product.id))
        expect(await commerce.catalog.productsBySku([])).toEqual([])
      })

      it('answers the same revision, or none, while the catalog does not change', async () => {
        const first = await commerce.catalog.revision()
        await commerce.catalog.products(0, 7)
        const second = await commerce.catalog.revision()
        expect(second).toBe(first)
        if (first !== null) expect(first).toMatch(/^\S{1,100}$/)
      })

      it('answers a page past the last one empty, with the same total', async () => {
        const answer = await commerce.catalog.products(Math.ceil(products.length / 7) + 3, 7)
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
        const all = await commerce.catalog.search(query())
        expect(all.total).toBe(products.length)
        const found = await commerce.catalog.search(query({ term: fixtures.searchTerm }))
        expect(found.total).toBeGreaterThan(0)
        expect(found.total).toBeLessThan(all.total)
        expect(found.products).toHaveLength(found.total)
      })

      it('answers an empty result, not an error, for a term nothing matches', async () => {
        const answer = await commerce.catalog.search(query({ term: NO_MATCH_TERM }))
        expect(answer.total).toBe(0)
        expect(answer.products).toEqual([])
      })

      it('pages results: consecutive pages join into the larger page, past the last one is empty', async () => {
        const whole = await commerce.catalog.search(query({ pageSize: 10 }))
        const first = await commerce.catalog.search(query({ pageSize: 5 }))
        const second = await commerce.catalog.search(query({ pageSize: 5, page: 1 }))
        expect(first).toMatchObject({ page: 0, pageSize: 5, total: whole.total })
        expect(second).toMatchObject({ page: 1, pageSize: 5, total: whole.total })
        expect([...first.products, ...second.products].map((p) => p.id)).toEqual(whole.products.map((p) => p.id))
        const past = await commerce.catalog.search(query({ pageSize: 5, page: Math.ceil(whole.total / 5) + 1 }))
        expect(past.products).toEqual([])
        expect(past.total).toBe(whole.total)
      })

      it('scopes to a category and its descendants, and offers its children as facets', async () => {
        const within = (top: Category) => (p: Product) => lineage(p.categoryId).some((c) => c.id === top.id)
        const top = categories.find((c) => c.level === 1 && products.some(within(c)) && !products.every(within(c)))!
        const answer = await commerce.catalog.search(query({ category: top.slug }))
        const inside = products.filter(within(top))
        expect(answer.total).toBe(inside.length)
        expect(answer.total).toBeGreaterThan(0)
        for (const summary of answer.products) expect(lineage(productOf(summary).categoryId).map((c) => c.id)).toContain(top.id)
        const children = answer.facets.find((f) => f.key === 'category')?.values ?? []
        expect(children.length).toBeGreaterThan(0)
        for (const value of children) expect(categories.find((c) => c.slug === value.value)?.parentId).toBe(top.id)
      })

      it('filters by a brand facet: every product of that brand, as many as the facet counted', async () => {
        const brands = (await commerce.catalog.search(query())).facets.find((f) => f.key === 'brand')!
        const value = brands.values[0]!
        const answer = await commerce.catalog.search(query({ filters: [{ key: 'brand', value: value.value }] }))
        expect(answer.total).toBe(value.quantity)
        for (const product of answer.products) expect(product.brand.slug).toBe(value.value)
        expect(answer.facets.find((f) => f.key === 'brand')?.values.find((v) => v.value === value.value)?.selected).toBe(true)
      })

      it('ORs two values of one key and ANDs different keys', async () => {
        const brands = (await commerce.catalog.search(query())).facets.find((f) => f.key === 'brand')!.values
        const [a, b] = [brands[0]!, brands[1]!]
        const either = await commerce.catalog.search(query({ filters: [{ key: 'brand', value: a.value }, { key: 'brand', value: b.value }] }))
        expect(either.total).toBe(a.quantity + b.quantity)
        const prices = either.facets.find((f) => f.key === 'price')!.values
        const price = prices.find((v) => v.quantity > 0 && v.quantity < either.total) ?? prices[0]!
        const both = await commerce.catalog.search(
          query({ filters: [{ key: 'brand', value: a.value }, { key: 'brand', value: b.value }, { key: 'price', value: price.value }] }),
        )
        expect(both.total).toBe(price.quantity)
        for (const product of both.products) expect([a.value, b.value]).toContain(product.brand.slug)
      })

      it('filters by a property facet, as many as the facet counted', async () => {
        const facets = (await commerce.catalog.search(query())).facets.filter((f) => !['brand', 'category', 'price'].includes(f.key))
        const facet = facets.find((f) => f.values.length > 0)!
        const value = facet.values[0]!
        const answer = await commerce.catalog.search(query({ filters: [{ key: facet.key, value: value.value }] }))
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
        const answer = await commerce.catalog.search(query({ sort }))
        expect(answer.products).toHaveLength(products.length)
        expectOrdered(answer.products, (p) => key(p, productOf(p)), direction)
      })

      it('rejects an unknown category with 404, as scope or as filter', async () => {
        await rejection(commerce.catalog.search(query({ category: 'nessuna-categoria-simile' })), 404, 'not_found')
        await rejection(commerce.catalog.search(query({ filters: [{ key: 'category', value: 'nessuna-categoria-simile' }] })), 404, 'not_found')
      })

      it('rejects an unknown brand with 404 and an unknown facet key with 400', async () => {
        await rejection(commerce.catalog.search(query({ filters: [{ key: 'brand', value: 'nessuna-marca-simile' }] })), 404, 'not_found')
        await rejection(commerce.catalog.search(query({ filters: [{ key: 'nessun-filtro-simile', value: 'x' }] })), 400, 'bad_request')
      })
    })

    describe('suggestions', () => {
      it('completes a partly typed term with products the search finds, within the limits', async () => {
        const typed = fixtures.searchTerm.slice(0, Math.max(3, fixtures.searchTerm.length - 2))
        const answer = await commerce.catalog.suggestions(typed, { terms: 3, products: 2 })
        expect(answer.terms.length).toBeGreaterThan(0)
        expect(answer.terms.length).toBeLessThanOrEqual(3)
        expect(answer.products.length).toBeGreaterThan(0)
        expect(answer.products.length).toBeLessThanOrEqual(2)
        for (const term of answer.terms) expect(term.value.toLowerCase()).toContain(typed.toLowerCase())
        const found = (await commerce.catalog.search(query({ term: typed }))).products.map((p) => p.id)
        for (const product of answer.products) expect(found).toContain(product.id)
      })

      it('suggests nothing for a term nothing matches', async () => {
        expect(await commerce.catalog.suggestions(NO_MATCH_TERM, { terms: 5, products: 5 })).toEqual({ terms: [], products: [] })
      })
    })
  })
}

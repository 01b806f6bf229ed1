import { slugify } from '../../lib/slug'
import { buildBrands } from './brands'
import { buildCategories } from './categories'
import { isValidEan13 } from './gtin'
import { PROPERTY_NAMES } from './kinds'
import { generateProducts, type SeedProduct } from './products'
import { Random } from './random'
import { buildStores } from './stores'

const categories = buildCategories()
const brands = buildBrands()

function products(count: number, seed = 7): SeedProduct[] {
  return [...generateProducts(categories, brands, count, seed, 50)].flat()
}

describe('seed catalog', () => {
  it('is deterministic: same seed, same products, whatever the count', () => {
    const a = products(120)
    const b = products(120)
    const c = products(300)
    expect(b).toEqual(a)
    expect(c.slice(0, 120)).toEqual(a)
    expect(products(20, 8).map((p) => p.slug)).not.toEqual(a.slice(0, 20).map((p) => p.slug))
  })

  it('has a 4-level tree under the six top categories with path slugs', () => {
    expect(categories.filter((c) => c.level === 1).map((c) => c.slug)).toEqual(['cane', 'gatto', 'piccoli-animali', 'uccelli', 'pesci', 'rettili'])
    expect(categories.map((c) => c.slug)).toContain('cane/cibo-secco/adult/taglia-piccola')
    for (const c of categories) {
      expect(c.slug.split('/')).toHaveLength(c.level)
      expect(c.slug.split('/').at(-1)).toBe(slugify(c.name))
    }
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length)
  })

  it('has at least 40 brands, some of them private label', () => {
    expect(brands.length).toBeGreaterThanOrEqual(40)
    expect(brands.filter((b) => b.privateLabel).length).toBeGreaterThanOrEqual(2)
    expect(new Set(brands.map((b) => b.slug)).size).toBe(brands.length)
  })

  it('generates products that satisfy the catalog invariants', () => {
    const list = products(1500, 20240917)
    const skus = list.flatMap((p) => p.variants.map((v) => v.sku))
    expect(new Set(list.map((p) => p.slug)).size).toBe(list.length)
    expect(new Set(skus).size).toBe(skus.length)
    const variants = list.flatMap((p) => p.variants)
    for (const p of list) {
      expect(p.category.isLeaf).toBe(true)
      expect(p.variants.length).toBeGreaterThanOrEqual(1)
      expect(p.variants.length).toBeLessThanOrEqual(4)
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      for (const prop of p.properties) expect(PROPERTY_NAMES).toContain(prop.name)
      if (p.priceTiers.length) expect(p.variants).toHaveLength(1)
    }
    for (const v of variants) {
      expect(v.sku).toMatch(/^\d+$/)
      expect(isValidEan13(v.gtin)).toBe(true)
      expect(v.listPriceCents).toBeGreaterThanOrEqual(v.priceCents)
      expect([0, v.priceCents]).toContain(v.lowPriceCents)
      expect(v.imageCount).toBeGreaterThanOrEqual(1)
      expect(v.imageCount).toBeLessThanOrEqual(3)
    }
    const share = (n: number) => n / variants.length
    expect(share(variants.filter((v) => v.lowPriceCents === 0).length)).toBeGreaterThan(0.02)
    expect(share(variants.filter((v) => v.lowPriceCents === 0).length)).toBeLessThan(0.09)
    expect(variants.some((v) => v.listPriceCents > v.priceCents)).toBe(true)
    expect(variants.some((v) => v.unitMultiplier > 1)).toBe(true)
    expect(variants.some((v) => v.loyaltyMultiplier > 1)).toBe(true)
    expect(list.some((p) => p.isKit)).toBe(true)
    expect(list.some((p) => p.minQuantity > 1)).toBe(true)
    expect(list.some((p) => p.tierExtraDiscount)).toBe(true)
    expect(list.some((p) => p.subscriptionFrequencies?.includes('1 mese'))).toBe(true)
    expect(new Set(list.flatMap((p) => p.properties.map((x) => x.name))).size).toBe(PROPERTY_NAMES.length)
  })

  it('has at least 30 stores with weekly opening hours', () => {
    const stores = buildStores(new Random(1))
    expect(stores.length).toBeGreaterThanOrEqual(30)
    expect(new Set(stores.map((s) => s.sellerId)).size).toBe(stores.length)
    for (const s of stores) {
      expect(Object.keys(s.hours)).toHaveLength(7)
      expect(s.postalCode).toMatch(/^\d{5}$/)
    }
  })
})

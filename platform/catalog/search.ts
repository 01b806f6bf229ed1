import type { Facet, SearchResult, SearchSort } from '../wire'
import type { Queryable } from '../db/types'
import { badRequest, notFound } from '../lib/errors'
import { wordsOf } from '../lib/slug'
import type { ProductReader } from './products'
import type { CatalogReference } from './reference'
import { Params } from './sql'
import { CatalogVocabulary } from './typos'

export interface SearchQuery {
  q: string | null
  /** Category slug: restricts to it and its descendants. */
  category: string | null
  /** Brand slugs from the `brand` parameter; merged with `fq=brand:…`. */
  brands: string[]
  /** Selected facets as `key:value` pairs. */
  fq: { key: string; value: string }[]
  sort: SearchSort
  page: number
  pageSize: number
}

/** Price facet buckets in euros, lower bound included, upper bound excluded. */
export const PRICE_BUCKETS = [
  { value: '0-10', label: 'Fino a 10 €', min: 0, max: 10 },
  { value: '10-25', label: 'Da 10 a 25 €', min: 10, max: 25 },
  { value: '25-50', label: 'Da 25 a 50 €', min: 25, max: 50 },
  { value: '50-100', label: 'Da 50 a 100 €', min: 50, max: 100 },
  { value: '100-*', label: 'Oltre 100 €', min: 100, max: null },
] as const

const RESERVED_KEYS = new Set(['brand', 'category', 'price'])

/**
 * The text-search query for what the shopper typed, as SQL. Words are folded
 * like the index (lower case, no accents) and all required. Complete words are
 * stemmed with the Italian dictionary; the last word may be unfinished, so it
 * also matches as an unstemmed prefix ("crocch" finds "crocchette" without the
 * stemmer shortening it to "crocc" and matching "croccanti"). Null when
 * nothing searchable was typed.
 */
export function textQuerySql(text: string, params: Params): string | null {
  const words = wordsOf(text).slice(0, 12)
  const last = words.pop()
  if (last === undefined) return null
  const lastWord = `(to_tsquery('simple', ${params.add(`${last}:*`)}) || to_tsquery('italian', ${params.add(last)}))`
  return words.length ? `(to_tsquery('italian', ${params.add(words.join(' & '))}) && ${lastWord})` : lastWord
}

/** Parses `min-max` or `min-*` in euros. */
export function parsePriceRange(value: string): { min: number; max: number | null } | null {
  const match = /^(\d+(?:\.\d{1,2})?)-(\d+(?:\.\d{1,2})?|\*)$/.exec(value)
  if (!match) return null
  const min = Number(match[1])
  const max = match[2] === '*' ? null : Number(match[2])
  return max !== null && max <= min ? null : { min, max }
}

/** Filters of one facet key, ORed together; different keys are ANDed. */
type Group = { key: string; values: string[]; sql: (params: Params) => string }

const SORTS: Record<SearchSort, (ranked: boolean) => string> = {
  score_desc: (ranked) => (ranked ? 'rank DESC, p.position' : 'p.position'),
  price_asc: () => 'p.min_price_cents ASC, p.position',
  price_desc: () => 'p.min_price_cents DESC, p.position',
  name_asc: () => 'lower(p.name) ASC, p.position',
  name_desc: () => 'lower(p.name) DESC, p.position',
  discount_desc: () => 'p.max_discount_bp DESC, p.position',
  release_desc: () => 'p.release_date DESC, p.position',
}

interface CountRow {
  value: string
  label: string
  n: number
}

/** Full-text search with facets over listed products. */
export class CatalogSearch {
  private propertyKeys: Map<string, string> | null = null

  private readonly vocabulary = new CatalogVocabulary()

  constructor(
    private readonly reference: CatalogReference,
    private readonly reader: ProductReader,
  ) {}

  /**
   * The products matching the query. A term that finds nothing is corrected for typos (./typos.ts) and, when
   * the corrected term finds something, its results come back with `correction` naming it.
   */
  async search(db: Queryable, query: SearchQuery): Promise<SearchResult> {
    const result = await this.run(db, query)
    if (result.total > 0 || !query.q) return result
    const corrected = (await this.vocabulary.of(db)).correct(query.q)
    if (!corrected) return result
    const fuzzy = await this.run(db, { ...query, q: corrected })
    return fuzzy.total > 0 ? { ...fuzzy, correction: { term: corrected } } : result
  }

  private async run(db: Queryable, query: SearchQuery): Promise<SearchResult> {
    const propertyKeys = await this.loadPropertyKeys(db)
    const scope = query.category ? this.reference.categoryBySlug(query.category) : null
    if (query.category && !scope) throw notFound('UNKNOWN_CATEGORY', `unknown category "${query.category}"`)
    const hasText = query.q !== null && textQuerySql(query.q, new Params()) !== null
    const groups = this.groups(query, propertyKeys)

    const base = (params: Params): string[] => {
      const where = ['p.listed']
      const text = query.q ? textQuerySql(query.q, params) : null
      if (text) where.push(`p.search_vector @@ ${text}`)
      if (scope) where.push(`p.category${scope.level}_id = ${params.add(scope.id)}`)
      return where
    }
    const where = (params: Params, except?: string): string =>
      [...base(params), ...groups.filter((g) => g.key !== except).map((g) => g.sql(params))].join(' AND ')

    const countParams = new Params()
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products p WHERE ${where(countParams)}`, countParams.values)

    const params = new Params()
    const conditions = where(params)
    const rankQuery = query.q ? textQuerySql(query.q, params) : null
    const rank = rankQuery ? `, ts_rank(p.search_vector, ${rankQuery}) AS rank` : ''
    const ids = await db.query<{ id: string }>(
      `SELECT p.id${rank} FROM products p WHERE ${conditions}
       ORDER BY ${SORTS[query.sort](hasText)}
       LIMIT ${params.add(query.pageSize)} OFFSET ${params.add(query.page * query.pageSize)}`,
      params.values,
    )

    const facets = await this.facets(db, scope?.id ?? null, scope?.level ?? 0, groups, propertyKeys, where)
    return {
      products: await this.reader.byIds(db, ids.map((r) => r.id)),
      total: count?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      facets,
    }
  }

  /** Property facet keys (slugified names) with their display names. */
  private async loadPropertyKeys(db: Queryable): Promise<Map<string, string>> {
    if (!this.propertyKeys) {
      // A loose index scan: one index probe per distinct key instead of reading
      // every property row (a million on a large catalog).
      const rows = await db.query<{ key: string; label: string }>(
        `WITH RECURSIVE keys AS (
           SELECT min(name_slug) AS key FROM product_properties
           UNION ALL
           SELECT (SELECT min(name_slug) FROM product_properties WHERE name_slug > keys.key) FROM keys WHERE keys.key IS NOT NULL
         )
         SELECT key, (SELECT name FROM product_properties WHERE name_slug = keys.key LIMIT 1) AS label
         FROM keys WHERE key IS NOT NULL ORDER BY label`,
      )
      this.propertyKeys = new Map(rows.map((r) => [r.key, r.label]))
    }
    return this.propertyKeys
  }

  private groups(query: SearchQuery, propertyKeys: Map<string, string>): Group[] {
    const byKey = new Map<string, string[]>()
    const select = (key: string, value: string): void => {
      const values = byKey.get(key) ?? []
      if (!values.includes(value)) values.push(value)
      byKey.set(key, values)
    }
    for (const slug of query.brands) select('brand', slug)
    for (const { key, value } of query.fq) {
      if (!RESERVED_KEYS.has(key) && !propertyKeys.has(key)) throw badRequest(`unknown facet key "${key}" in fq`, 'UNKNOWN_FACET')
      select(key, value)
    }
    return [...byKey].map(([key, values]) => this.group(key, values))
  }

  private group(key: string, values: string[]): Group {
    if (key === 'brand') {
      const ids = values.map((slug) => {
        const brand = this.reference.brandBySlug(slug)
        if (!brand) throw notFound('UNKNOWN_BRAND', `unknown brand "${slug}"`)
        return brand.id
      })
      return { key, values, sql: (params) => `p.brand_id = ANY(${params.add(ids)}::text[])` }
    }
    if (key === 'category') {
      const categories = values.map((slug) => {
        const category = this.reference.categoryBySlug(slug)
        if (!category) throw notFound('UNKNOWN_CATEGORY', `unknown category "${slug}"`)
        return category
      })
      return {
        key,
        values,
        sql: (params) => `(${categories.map((c) => `p.category${c.level}_id = ${params.add(c.id)}`).join(' OR ')})`,
      }
    }
    if (key === 'price') {
      const ranges = values.map((value) => {
        const range = parsePriceRange(value)
        if (!range) throw badRequest(`price filter "${value}" must look like 10-25 or 100-*`, 'BAD_PRICE_RANGE')
        return range
      })
      return {
        key,
        values,
        sql: (params) =>
          `(${ranges
            .map((r) => {
              const min = `p.min_price_cents >= ${params.add(Math.round(r.min * 100))}`
              return r.max === null ? min : `(${min} AND p.min_price_cents < ${params.add(Math.round(r.max * 100))})`
            })
            .join(' OR ')})`,
      }
    }
    return {
      key,
      values,
      sql: (params) =>
        `EXISTS (SELECT 1 FROM product_properties pp WHERE pp.product_id = p.id AND pp.name_slug = ${params.add(key)} AND pp.value_slug = ANY(${params.add(values)}::text[]))`,
    }
  }

  /**
   * Facet counts. Each key is counted with every selection applied except its
   * own, so shoppers see how many products each other value would add. Keys
   * without a selection share one filter, so only selected keys cost extra queries.
   */
  private async facets(
    db: Queryable,
    scopeId: string | null,
    scopeLevel: number,
    groups: Group[],
    propertyKeys: Map<string, string>,
    where: (params: Params, except?: string) => string,
  ): Promise<Facet[]> {
    const selected = new Map(groups.map((g) => [g.key, g.values]))
    const count = async (key: string, build: (w: string, params: Params) => string): Promise<CountRow[]> => {
      const params = new Params()
      const w = where(params, selected.has(key) ? key : undefined)
      return db.query<CountRow>(build(w, params), params.values)
    }

    const facets: Facet[] = []
    const childLevel = scopeLevel + 1
    if (childLevel <= 4) {
      const rows = await count(
        'category',
        (w) => `SELECT p.category${childLevel}_id AS value, '' AS label, count(*)::int AS n FROM products p
                WHERE ${w} AND p.category${childLevel}_id IS NOT NULL GROUP BY 1`,
      )
      const counts = new Map(rows.map((r) => [r.value, r.n]))
      const values = this.reference
        .children(scopeId)
        .filter((c) => counts.has(c.id) || selected.get('category')?.includes(c.slug))
        .map((c) => ({ value: c.slug, label: c.name, quantity: counts.get(c.id) ?? 0, selected: selected.get('category')?.includes(c.slug) ?? false }))
      facets.push({ key: 'category', label: 'Categoria', values })
    }

    const brandRows = await count(
      'brand',
      (w) => `SELECT b.slug AS value, b.name AS label, count(*)::int AS n FROM products p JOIN brands b ON b.id = p.brand_id
              WHERE ${w} GROUP BY b.slug, b.name ORDER BY n DESC, b.name`,
    )
    facets.push(withSelected('brand', 'Marca', brandRows, selected.get('brand'), (v) => this.reference.brandBySlug(v)?.name ?? v))

    const priceRows = await count('price', (w, params) => {
      const cases = PRICE_BUCKETS.map((b) =>
        b.max === null ? `ELSE ${params.add(b.value)}` : `WHEN p.min_price_cents < ${params.add(b.max * 100)} THEN ${params.add(b.value)}`,
      ).join(' ')
      return `SELECT CASE ${cases} END AS value, '' AS label, count(*)::int AS n FROM products p WHERE ${w} GROUP BY 1`
    })
    const priceCounts = new Map(priceRows.map((r) => [r.value, r.n]))
    const priceSelected = selected.get('price') ?? []
    facets.push({
      key: 'price',
      label: 'Prezzo',
      values: [
        ...PRICE_BUCKETS.filter((b) => priceCounts.has(b.value) || priceSelected.includes(b.value)).map((b) => ({
          value: b.value,
          label: b.label,
          quantity: priceCounts.get(b.value) ?? 0,
          selected: priceSelected.includes(b.value),
        })),
        ...priceSelected
          .filter((v) => !PRICE_BUCKETS.some((b) => b.value === v))
          .map((v) => ({ value: v, label: v.replace('-*', ' € e oltre').replace('-', ' - ') + (v.endsWith('*') ? '' : ' €'), quantity: 0, selected: true })),
      ],
    })

    const propertyFacets = new Map<string, CountRow[]>()
    /** Counts of every property key (`only` null) or of one key; rows of selected keys are taken from their own query. */
    const propertyCounts = async (only: string | null): Promise<void> => {
      const params = new Params()
      const w = where(params, only ?? undefined)
      const rows = await db.query<CountRow & { key: string }>(
        `SELECT pp.name_slug AS key, pp.value_slug AS value, min(pp.value) AS label, count(*)::int AS n
         FROM products p JOIN product_properties pp ON pp.product_id = p.id
         WHERE ${w}${only ? ` AND pp.name_slug = ${params.add(only)}` : ''}
         GROUP BY pp.name_slug, pp.value_slug ORDER BY n DESC, label`,
        params.values,
      )
      for (const row of rows) {
        if (only === null && selected.has(row.key)) continue
        propertyFacets.set(row.key, [...(propertyFacets.get(row.key) ?? []), row])
      }
    }
    await propertyCounts(null)
    for (const key of propertyKeys.keys()) if (selected.has(key)) await propertyCounts(key)

    for (const [key, label] of propertyKeys) {
      const rows = propertyFacets.get(key) ?? []
      if (rows.length === 0 && !selected.has(key)) continue
      facets.push(withSelected(key, label, rows, selected.get(key), (v) => v))
    }
    return facets
  }
}

function withSelected(key: string, label: string, rows: CountRow[], selected: string[] | undefined, labelOf: (value: string) => string): Facet {
  const chosen = selected ?? []
  const values = rows.map((r) => ({ value: r.value, label: r.label, quantity: r.n, selected: chosen.includes(r.value) }))
  for (const value of chosen) {
    if (!values.some((v) => v.value === value)) values.push({ value, label: labelOf(value), quantity: 0, selected: true })
  }
  return { key, label, values }
}

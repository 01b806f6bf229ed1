import type { Suggestions } from '../wire'
import type { Queryable } from '../db/types'
import { wordsOf } from '../lib/slug'
import type { ProductReader } from './products'
import type { CatalogReference } from './reference'
import { textQuerySql } from './search'
import { Params } from './sql'

export interface SuggestionSource {
  /** Name, brand and category names of a matching product. */
  phrases: readonly string[]
  /** Its top-level category ("Cane"), which makes a completion specific: "crocchette cane". */
  species: string | null
}

/** How many of the best-matching products the term completions are drawn from. */
const NAMES_SAMPLED = 80


/**
 * Completions of a partly typed query, from the phrases of the products it
 * matches: "crocch" → "crocchette", "crocchette cane", "crocchette gatto"…
 * Each term counts once per product; the commonest come first. The typed
 * words that are already complete stay in front.
 */
export function completions(typed: string, products: readonly SuggestionSource[], limit: number): { value: string; count: number }[] {
  const words = wordsOf(typed)
  const last = words.pop()
  if (last === undefined) return []
  const prefix = words.join(' ')
  const counts = new Map<string, number>()
  for (const product of products) {
    const species = product.species ? wordsOf(product.species).join(' ') : ''
    const seen = new Set<string>()
    for (const word of product.phrases.flatMap(wordsOf)) {
      if (!word.startsWith(last) || words.includes(word)) continue
      const head = prefix ? `${prefix} ${word}` : word
      seen.add(head)
      if (species && !head.includes(species)) seen.add(`${head} ${species}`)
    }
    for (const term of seen) counts.set(term, (counts.get(term) ?? 0) + 1)
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([value, count]) => ({ value, count }))
}

/** Search-box suggestions: term completions and the best-matching products. */
export class CatalogSuggest {
  constructor(
    private readonly reference: CatalogReference,
    private readonly reader: ProductReader,
  ) {}

  async suggest(db: Queryable, q: string, termLimit: number, productLimit: number): Promise<Suggestions> {
    const params = new Params()
    const text = textQuerySql(q, params)
    if (!text) return { terms: [], products: [] }
    const rows = await db.query<{ id: string; name: string; brand_id: string; category_id: string }>(
      `SELECT p.id, p.name, p.brand_id, p.category_id FROM products p WHERE p.listed AND p.search_vector @@ ${text}
       ORDER BY ts_rank(p.search_vector, ${text}) DESC, p.position LIMIT ${params.add(NAMES_SAMPLED)}`,
      params.values,
    )
    const sources = rows.map((r): SuggestionSource => {
      const path = this.reference.path(r.category_id).map((c) => c.name)
      return { phrases: [r.name, this.reference.brand(r.brand_id)?.name ?? '', ...path], species: path[0] ?? null }
    })
    return {
      terms: completions(q, sources, termLimit),
      products: await this.reader.byIds(db, rows.slice(0, productLimit).map((r) => r.id)),
    }
  }
}

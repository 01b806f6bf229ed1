import type { Suggestions } from '../contract'
import type { Queryable } from '../db/types'
import { foldAccents } from '../lib/slug'
import type { ProductReader } from './products'
import type { CatalogReference } from './reference'
import { textQuerySql } from './search'
import { Params } from './sql'

/** Words that never end a suggested term ("crocchette per" is not a search anyone means). */
const LINKING_WORDS = new Set(['a', 'al', 'alla', 'alle', 'allo', 'all', 'ai', 'agli', 'con', 'da', 'di', 'del', 'della', 'e', 'in', 'per', 'su', 'the', 'x'])

/** How many of the best-matching product names the term completions are drawn from. */
const NAMES_SAMPLED = 80

const wordsOf = (text: string) => foldAccents(text).split(/[^a-z0-9]+/).filter(Boolean)

/**
 * Completions of a partly typed query, from the phrases (name, brand,
 * category names) of the products it matches: "crocch" → "crocchette",
 * "crocchette adult"… Each term counts once per product; the commonest come
 * first. The typed words that are already complete stay in front.
 */
export function completions(typed: string, products: readonly (readonly string[])[], limit: number): { value: string; count: number }[] {
  const words = wordsOf(typed)
  const last = words.pop()
  if (last === undefined) return []
  const prefix = words.join(' ')
  const counts = new Map<string, number>()
  const bump = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1)
  for (const phrases of products) {
    const seen = new Set<string>()
    for (const nameWords of phrases.map(wordsOf)) nameWords.forEach((word, i) => {
      if (!word.startsWith(last) || words.includes(word)) return
      const head = prefix ? `${prefix} ${word}` : word
      seen.add(head)
      // Extend with the next word, through one linking word: "cuccia per cani".
      let j = i + 1
      if (nameWords[j] && LINKING_WORDS.has(nameWords[j]!)) j++
      const next = nameWords[j]
      if (next && !LINKING_WORDS.has(next) && !/^\d/.test(next)) seen.add(`${head} ${nameWords.slice(i + 1, j + 1).join(' ')}`)
    })
    seen.forEach(bump)
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
    const phrases = rows.map((r) => [r.name, this.reference.brand(r.brand_id)?.name ?? '', ...this.reference.path(r.category_id).map((c) => c.name)])
    return {
      terms: completions(q, phrases, termLimit),
      products: await this.reader.byIds(db, rows.slice(0, productLimit).map((r) => r.id)),
    }
  }
}

/**
 * Search that forgives typos ("crochette" finds what "crocchette" finds). The catalog's words (product
 * names and keywords, folded like the search index: lower case, no accents) are kept in memory with how
 * many products use each, and a word the shopper typed that no product uses is replaced by the catalog's
 * most similar word. Similarity is pg_trgm's: the share of three-letter groups two words have in common
 * (each word padded with two spaces before and one after), so a letter missing, doubled or swapped costs a
 * few groups of many. The search runs the corrected term only when the term as typed finds nothing, so an
 * exact match always comes first.
 *
 * In memory rather than in pg_trgm: the catalog's distinct words are a few tens of thousands even at
 * 100,000 products, a lookup is a walk over the candidates sharing a group, and the platform needs no
 * extension its PostgreSQL must allow. The words are read again when the catalog's revision moves.
 */
import type { Queryable } from '../db/types'
import { wordsOf } from '../lib/slug'
import { catalogRevision } from './revision'

/** Below this similarity a word is no correction of another: "crochette"→"crocchette" is 0.75, "gatto"→"gatti" 0.5. */
export const MIN_SIMILARITY = 0.45

/** Words shorter than this are never corrected: too few letters to tell a typo from another word. */
const MIN_LENGTH = 4

/** A word a typo may hide in: long enough, and not a number (a size or a weight). */
const correctable = (word: string): boolean => word.length >= MIN_LENGTH && !/^\d+$/.test(word)

/** A word's three-letter groups, as pg_trgm makes them. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `
  const groups = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) groups.add(padded.slice(i, i + 3))
  return groups
}

/** pg_trgm's similarity of two words with `a` and `b` groups, `shared` of them in common: shared over all. */
const score = (shared: number, a: number, b: number): number => shared / (a + b - shared)

/** pg_trgm's similarity of two words' groups. */
export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0
  for (const group of a) if (b.has(group)) shared++
  return score(shared, a.size, b.size)
}

/** The catalog's words, and the closest of them to a word no product uses. */
export class Vocabulary {
  private readonly words: string[]
  private readonly groups: Set<string>[]
  private readonly byGroup = new Map<string, number[]>()

  /** `counts`: each word and how many products use it. */
  constructor(private readonly counts: Map<string, number>) {
    this.words = [...counts.keys()]
    this.groups = this.words.map(trigrams)
    this.groups.forEach((groups, index) => {
      for (const group of groups) {
        const list = this.byGroup.get(group)
        if (list) list.push(index)
        else this.byGroup.set(group, [index])
      }
    })
  }

  has(word: string): boolean {
    return this.counts.has(word)
  }

  /** The catalog's word most like `word` (the more used one on a tie), or null when none is close enough. */
  closest(word: string): string | null {
    const groups = trigrams(word)
    const shared = new Map<number, number>()
    for (const group of groups) for (const index of this.byGroup.get(group) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1)
    let best: { index: number; score: number } | null = null
    for (const [index, common] of shared) {
      const similar = score(common, groups.size, this.groups[index]!.size)
      if (similar < MIN_SIMILARITY) continue
      const better = !best || similar > best.score || (similar === best.score && this.counts.get(this.words[index]!)! > this.counts.get(this.words[best.index]!)!)
      if (better) best = { index, score: similar }
    }
    return best ? this.words[best.index]! : null
  }

  /**
   * The term with each word no product uses replaced by the closest one, or null when there is nothing to
   * correct (every word is known, or no unknown word has a close one).
   */
  correct(term: string): string | null {
    let changed = false
    const corrected = wordsOf(term).map((word) => {
      if (!correctable(word) || this.has(word)) return word
      const closest = this.closest(word)
      if (!closest) return word
      changed = true
      return closest
    })
    return changed ? corrected.join(' ') : null
  }
}

/**
 * Reads the listed products' words, and again when the catalog's revision moves. The revision moves with every
 * price and stock change, which rarely touch a word: after the first read, a search keeps the words it has while
 * the new ones are read (at 100,000 products, seconds), one read at a time.
 */
export class CatalogVocabulary {
  private current: { revision: string; vocabulary: Vocabulary } | null = null
  private reading: { revision: string; done: Promise<Vocabulary> } | null = null

  async of(db: Queryable): Promise<Vocabulary> {
    const revision = await catalogRevision(db)
    if (this.current?.revision === revision) return this.current.vocabulary
    if (this.reading?.revision !== revision) {
      const done = readVocabulary(db)
      const reading = { revision, done }
      this.reading = reading
      done.then(
        (vocabulary) => {
          if (this.reading === reading) this.reading = null
          this.current = { revision, vocabulary }
        },
        // A failed read is not kept: a later search reads again.
        () => {
          if (this.reading === reading) this.reading = null
        },
      )
    }
    return this.current ? this.current.vocabulary : this.reading!.done
  }
}

async function readVocabulary(db: Queryable): Promise<Vocabulary> {
  const counts = new Map<string, number>()
  const rows = await db.query<{ name: string; keywords: string | null }>('SELECT name, search_keywords AS keywords FROM products WHERE listed')
  for (const row of rows) {
    for (const word of new Set(wordsOf(`${row.name} ${row.keywords ?? ''}`))) {
      if (correctable(word)) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return new Vocabulary(counts)
}

import type { Queryable } from '../db/types'
import { wordsOf } from '../lib/slug'
import { CatalogVocabulary, similarity, trigrams, Vocabulary } from './typos'

const vocabulary = (words: Record<string, number>) => new Vocabulary(new Map(Object.entries(words)))

describe('trigrams and similarity, as pg_trgm counts them', () => {
  it('pads a word with two spaces before and one after', () => {
    expect([...trigrams('cat')]).toEqual(['  c', ' ca', 'cat', 'at '])
  })

  it('scores shared groups over all groups: 1 for the same word, 0 for nothing shared', () => {
    expect(similarity(trigrams('crocchette'), trigrams('crocchette'))).toBe(1)
    expect(similarity(trigrams('crochette'), trigrams('crocchette'))).toBe(0.75)
    expect(similarity(trigrams('abc'), trigrams('xyz'))).toBe(0)
  })

  it('folds words as the search index does', () => {
    expect(wordsOf('Crocchette per Cani, 12 kg — Età adulta')).toEqual(['crocchette', 'per', 'cani', '12', 'kg', 'eta', 'adulta'])
  })
})

describe('Vocabulary', () => {
  const words = vocabulary({ crocchette: 24, croccantini: 6, lettiera: 10, guinzaglio: 8, gatto: 30, gatti: 3, shampoo: 4 })

  it('corrects a word no product uses to the closest one', () => {
    expect(words.correct('crochette')).toBe('crocchette')
    expect(words.correct('letiera')).toBe('lettiera')
    expect(words.correct('guinzalio')).toBe('guinzaglio')
    expect(words.correct('Shampo')).toBe('shampoo')
  })

  it('corrects only the unknown words of a term and keeps the others', () => {
    expect(words.correct('crochette gatto')).toBe('crocchette gatto')
  })

  it('answers null when every word is known, too short, a number, or close to nothing', () => {
    expect(words.correct('crocchette')).toBeNull()
    expect(words.correct('cro')).toBeNull()
    expect(words.correct('2024')).toBeNull()
    expect(words.correct('zzqqxx')).toBeNull()
    expect(words.correct('')).toBeNull()
  })

  it('prefers the more used word when two are as close', () => {
    const tie = vocabulary({ gatta: 1, gatto: 9 })
    expect(similarity(trigrams('gattx'), trigrams('gatta'))).toBe(similarity(trigrams('gattx'), trigrams('gatto')))
    expect(tie.correct('gattx')).toBe('gatto')
  })
})

describe('CatalogVocabulary', () => {
  /** A database answering the catalog's revision and its products' words, counting the reads of the words. */
  function fakeDb(state: { revision: number; names: string[]; reads: number; fail?: boolean }) {
    return {
      query: async (sql: string) => {
        if (sql.includes('catalog_revision')) return [{ epoch: '1', counter: String(state.revision) }]
        state.reads++
        if (state.fail) throw new Error('down')
        return state.names.map((name) => ({ name, keywords: null }))
      },
    } as unknown as Queryable
  }

  it('reads the words once per catalog revision, keeps the last words while new ones are read, and reads again after a failure', async () => {
    const state = { revision: 1, names: ['Crocchette Gatto'], reads: 0, fail: false }
    const db = fakeDb(state)
    const catalog = new CatalogVocabulary()
    expect((await catalog.of(db)).correct('crochette')).toBe('crocchette')
    await catalog.of(db)
    expect(state.reads).toBe(1)

    // The revision moved: the search in flight keeps the words it had, and the new ones follow.
    state.revision = 2
    state.names = ['Lettiera Gatto']
    expect((await catalog.of(db)).has('crocchette')).toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    expect((await catalog.of(db)).correct('letiera')).toBe('lettiera')
    expect(state.reads).toBe(2)

    state.revision = 3
    state.fail = true
    expect((await catalog.of(db)).has('lettiera')).toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    state.fail = false
    expect((await catalog.of(db)).has('lettiera')).toBe(true)
    await new Promise((resolve) => setImmediate(resolve))
    expect(state.reads).toBe(4)
  })

  it('makes the first search wait for the first read, and shares one read between searches', async () => {
    const state = { revision: 1, names: ['Guinzaglio Cane'], reads: 0, fail: false }
    const db = fakeDb(state)
    const catalog = new CatalogVocabulary()
    const [a, b] = await Promise.all([catalog.of(db), catalog.of(db)])
    expect(a.correct('guinzalio')).toBe('guinzaglio')
    expect(b).toBe(a)
    expect(state.reads).toBe(1)
  })
})

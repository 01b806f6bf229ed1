import type { CatalogAdapter } from '../commerce/capabilities'
import { ALTERNATIVE_SEARCHES, alternativeSearches, runSearch } from './search'
import type { SearchResult, Suggestions } from '../domain/types'
import { parseSearchState } from '../domain/search/state'

const NOTHING: SearchResult = { products: [], total: 0, page: 0, pageSize: 24, facets: [] }

/** A catalog whose search finds nothing and whose completions are `completions[word]` (a word absent throws). */
function catalogOf(completions: Record<string, Suggestions['terms']>, asked: string[] = []): CatalogAdapter {
  return {
    search: async () => NOTHING,
    suggestions: async (word: string) => {
      asked.push(word)
      const terms = completions[word]
      if (!terms) throw new Error(`no completions for ${word}`)
      return { terms, products: [] }
    },
  } as unknown as CatalogAdapter
}

describe('alternativeSearches (req SEARCH-15)', () => {
  it('offers the completions of each word of three letters or more, the commonest first, without the term itself or repeats', async () => {
    const asked: string[] = []
    const catalog = catalogOf(
      {
        cuccia: [{ value: 'cuccia', count: 12 }, { value: 'cuccia cane', count: 9 }],
        rosa: [{ value: 'rosa', count: 3 }, { value: 'Cuccia', count: 2 }],
        gigante: [],
      },
      asked,
    )
    expect(await alternativeSearches(catalog, '  Cuccia, rosa di un gigante ')).toEqual(['cuccia', 'cuccia cane', 'rosa'])
    expect(asked).toEqual(['cuccia', 'rosa', 'gigante'])
  })

  it('asks about the first three words only and offers at most five searches', async () => {
    const asked: string[] = []
    const many = Array.from({ length: 8 }, (_, i) => ({ value: `osso ${i}`, count: 10 - i }))
    const result = await alternativeSearches(catalogOf({ osso: many, cane: [], gatto: [] }, asked), 'osso cane gatto topo')
    expect(asked).toEqual(['osso', 'cane', 'gatto'])
    expect(result).toEqual(many.slice(0, ALTERNATIVE_SEARCHES).map((t) => t.value))
  })

  it('leaves out a word whose completions fail, and completions that find nothing', async () => {
    expect(await alternativeSearches(catalogOf({ lettiera: [{ value: 'lettiera', count: 4 }, { value: 'lettiera vuota', count: 0 }] }), 'lettiera guasta')).toEqual(['lettiera'])
    expect(await alternativeSearches(catalogOf({}), 'xyz')).toEqual([])
  })
})

describe('runSearch', () => {
  const names = { categories: [], brands: [] }
  it('adds the alternatives to a term that found nothing, and asks nothing more when filters are set', async () => {
    const asked: string[] = []
    const catalog = catalogOf({ cuccia: [{ value: 'cuccia', count: 5 }] }, asked)
    expect((await runSearch(catalog, parseSearchState('/s?q=cuccia%20zzz'), names)).alternatives).toEqual(['cuccia'])
    asked.length = 0
    const filtered = await runSearch(catalog, parseSearchState('/s?q=cuccia%20zzz&brand=acme&facets=brand'), names)
    expect(filtered.alternatives).toBeUndefined()
    expect(asked).toEqual([])
  })
})

import { lineage, toCategoryNode } from './nodes'
import type { Category } from '../domain/types'

const categories: Category[] = [
  { id: 'c1', slug: 'cane', name: 'Cane', level: 1, parentId: null, position: 0 },
  { id: 'c2', slug: 'cane/cibo-secco', name: 'Cibo secco', level: 2, parentId: 'c1', position: 0 },
  { id: 'c3', slug: 'cane/cibo-secco/adult', name: 'Adult', level: 3, parentId: 'c2', position: 0 },
]
const byId = new Map(categories.map((c) => [c.id, c]))

describe('category lineage', () => {
  it('walks from the top level down to the category', () => {
    expect(lineage('c3', byId).map((c) => c.id)).toEqual(['c1', 'c2', 'c3'])
    expect(lineage('missing', byId)).toEqual([])
  })

  it('gives a category node its path', () => {
    expect(toCategoryNode(categories[2]!, byId).path).toEqual([
      { name: 'Cane', slug: 'cane' },
      { name: 'Cibo secco', slug: 'cane/cibo-secco' },
      { name: 'Adult', slug: 'cane/cibo-secco/adult' },
    ])
  })
})

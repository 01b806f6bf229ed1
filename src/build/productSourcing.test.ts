import type { Page, Product } from '../domain/types'
import { sourceProducts } from './productSourcing'

/** A catalog of `size` products whose pages are built when asked, recording the pages asked; `listedTotal` is the total it tells. */
function catalog(size: number, listedTotal = size) {
  const asked: number[] = []
  return {
    asked,
    async products(page: number, pageSize: number): Promise<Page<Product>> {
      asked.push(page)
      const ids = Array.from({ length: Math.max(0, Math.min(pageSize, size - page * pageSize)) }, (_, i) => String(page * pageSize + i))
      return { items: ids.map((id) => ({ id }) as Product), total: listedTotal, page, pageSize }
    },
  }
}

describe('sourcing the products', () => {
  it('hands on every product once, in order, a page at a time, and tells the progress every so many products', async () => {
    const source = catalog(12_345)
    const taken: string[] = []
    const lines: string[] = []
    // Each page takes a quarter of a second.
    const now = () => source.asked.length * 250
    const sourced = await sourceProducts(source, (p) => void taken.push(p.id), { pageSize: 1_000, every: 5_000, log: (line) => void lines.push(line), now })
    expect(sourced).toEqual({ count: 12_345, total: 12_345 })
    expect(taken).toEqual(Array.from({ length: 12_345 }, (_, i) => String(i)))
    expect(source.asked).toEqual([...Array(13).keys()])
    expect(lines).toEqual(['catalog: 5,000 of 12,345 products read in 1.3 s', 'catalog: 10,000 of 12,345 products read in 2.5 s'])
  })

  it('stops at an empty page though the backend counted more, and says how many it read', async () => {
    const source = catalog(900, 1_000)
    const sourced = await sourceProducts(source, () => undefined, { pageSize: 300, log: () => undefined })
    expect(sourced).toEqual({ count: 900, total: 1_000 })
    expect(source.asked).toEqual([0, 1, 2, 3])
  })

  it('writes its progress to stderr unless told otherwise', async () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      await sourceProducts(catalog(10), () => undefined, { every: 5 })
      expect(write).toHaveBeenCalledWith(expect.stringMatching(/^catalog: 10 of 10 products read in \d+\.\d s\n$/))
    } finally {
      write.mockRestore()
    }
  })
})

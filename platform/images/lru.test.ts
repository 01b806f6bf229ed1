import { LruCache } from './lru'

describe('LruCache', () => {
  const cache = () => new LruCache<string, string>(10, (v) => v.length)

  it('evicts the least recently used entries beyond the byte budget', () => {
    const c = cache()
    c.set('a', 'xxxx')
    c.set('b', 'xxxx')
    expect(c.get('a')).toBe('xxxx')
    c.set('c', 'xxxx')
    expect(c.get('b')).toBeUndefined()
    expect(c.get('a')).toBe('xxxx')
    expect(c.get('c')).toBe('xxxx')
    expect(c.totalBytes).toBe(8)
  })

  it('replaces values and skips values larger than the budget', () => {
    const c = cache()
    c.set('a', 'xx')
    c.set('a', 'xxx')
    expect(c.totalBytes).toBe(3)
    c.set('big', 'x'.repeat(11))
    expect(c.get('big')).toBeUndefined()
    expect(c.size).toBe(1)
  })
})

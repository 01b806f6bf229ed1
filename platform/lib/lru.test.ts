import { LruCache } from './lru'

const cache = (budget = 10) => new LruCache<string, string>(budget, (v) => v.length)

describe('LruCache', () => {
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

describe('LruCache.delete and peek', () => {
  it('deletes an entry and gives its bytes back', () => {
    const c = cache()
    c.set('a', 'xxxx')
    c.delete('a')
    expect(c.get('a')).toBeUndefined()
    expect(c.totalBytes).toBe(0)
    c.delete('missing')
    expect(c.totalBytes).toBe(0)
  })

  it('drops the old value when a replacement is larger than the budget', () => {
    const c = cache()
    c.set('a', 'xx')
    c.set('a', 'x'.repeat(11))
    expect(c.get('a')).toBeUndefined()
    expect(c.totalBytes).toBe(0)
  })

  it('peeks without changing which entry is the least recent', () => {
    const c = cache(8)
    c.set('a', 'xxxx')
    c.set('b', 'xxxx')
    expect(c.peek('a')).toBe('xxxx')
    c.set('c', 'xxxx')
    expect(c.get('a')).toBeUndefined()
    expect(c.get('b')).toBe('xxxx')
  })
})

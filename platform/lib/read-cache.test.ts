import { ReadCache, readCacheTtlFromEnv } from './read-cache'

function counter<V>(value: V) {
  let calls = 0
  const load = async (): Promise<V> => {
    calls += 1
    return value
  }
  return { load, calls: () => calls }
}

describe('ReadCache', () => {
  it('loads a key once and answers later reads from memory', async () => {
    const cache = new ReadCache()
    const { load, calls } = counter({ hits: 3 })
    expect(await cache.memo('k', load)).toEqual({ hits: 3 })
    expect(await cache.memo('k', load)).toEqual({ hits: 3 })
    expect(calls()).toBe(1)
  })

  it('loads afresh when asked, and keeps the fresh answer for the reads after it', async () => {
    const cache = new ReadCache()
    await cache.memo('k', async () => 'old')
    expect(await cache.memo('k', async () => 'new', true)).toBe('new')
    expect(await cache.memo('k', async () => 'newer')).toBe('new')
  })

  it('shares one load between concurrent reads of a key', async () => {
    const cache = new ReadCache()
    let release: (v: string) => void = () => undefined
    let calls = 0
    const load = () => {
      calls += 1
      return new Promise<string>((resolve) => (release = resolve))
    }
    const reads = Array.from({ length: 50 }, () => cache.memo('k', load))
    release('done')
    expect(await Promise.all(reads)).toEqual(Array(50).fill('done'))
    expect(calls).toBe(1)
  })

  it('loads again after invalidate, and never keeps a load started before it', async () => {
    const cache = new ReadCache()
    let release: (v: string) => void = () => undefined
    const slow = cache.memo('k', () => new Promise<string>((resolve) => (release = resolve)))
    cache.invalidate()
    release('old')
    expect(await slow).toBe('old')
    expect(await cache.memo('k', async () => 'new')).toBe('new')
    expect(await cache.memo('k', async () => 'newer')).toBe('new')
    cache.invalidate()
    expect(await cache.memo('k', async () => 'newest')).toBe('newest')
  })

  it('forgets a failed load', async () => {
    const cache = new ReadCache()
    await expect(cache.memo('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.memo('k', async () => 'up')).toBe('up')
  })

  it('reads again once an entry is older than its age limit', async () => {
    let now = 1_000
    const cache = new ReadCache({ ttlMs: 500, now: () => now })
    const { load, calls } = counter('v')
    await cache.memo('k', load)
    now += 499
    await cache.memo('k', load)
    expect(calls()).toBe(1)
    now += 1
    await cache.memo('k', load)
    expect(calls()).toBe(2)
  })

  it('keeps nothing when its age limit is 0', async () => {
    const cache = new ReadCache({ ttlMs: 0 })
    const { load, calls } = counter('v')
    await cache.memo('k', load)
    await cache.memo('k', load)
    expect(calls()).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('weighs answers as JSON and evicts the least recently used beyond its budget', async () => {
    const cache = new ReadCache({ maxBytes: 2_500 })
    await cache.memo('a', async () => 'x'.repeat(1_000))
    await cache.memo('b', async () => 'x'.repeat(1_000))
    await new Promise((resolve) => setImmediate(resolve))
    expect(cache.size).toBe(2)
    await cache.memo('c', async () => 'x'.repeat(1_000))
    await new Promise((resolve) => setImmediate(resolve))
    expect(cache.size).toBe(2)
    const { load, calls } = counter('reloaded')
    expect(await cache.memo('a', load)).toBe('reloaded')
    expect(calls()).toBe(1)
  })

  it('does not keep an answer larger than its whole budget', async () => {
    const cache = new ReadCache({ maxBytes: 2_000 })
    await cache.memo('big', async () => 'x'.repeat(5_000))
    await new Promise((resolve) => setImmediate(resolve))
    expect(cache.size).toBe(0)
  })
})

describe('readCacheTtlFromEnv', () => {
  it('defaults to 60 s, reads milliseconds, and refuses nonsense', () => {
    expect(readCacheTtlFromEnv({})).toBe(60_000)
    expect(readCacheTtlFromEnv({ PLATFORM_READ_CACHE_MS: '0' })).toBe(0)
    expect(readCacheTtlFromEnv({ PLATFORM_READ_CACHE_MS: '1500' })).toBe(1_500)
    expect(() => readCacheTtlFromEnv({ PLATFORM_READ_CACHE_MS: 'soon' })).toThrow(/PLATFORM_READ_CACHE_MS/)
    expect(() => readCacheTtlFromEnv({ PLATFORM_READ_CACHE_MS: '-1' })).toThrow(/PLATFORM_READ_CACHE_MS/)
  })
})

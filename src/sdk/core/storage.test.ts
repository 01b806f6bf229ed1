import { z } from '../../wire/zod'
import { stored } from './storage'
import { memoryStorage } from '../../testing/storage'

const Reloads = z.object({ count: z.number(), since: z.number() })

describe('storage read through a schema', () => {
  it('reads back what was written, typed by the schema', () => {
    const storage = memoryStorage()
    expect(stored(storage).write('k', { count: 1, since: 5 })).toBe(true)
    expect(storage.data.get('k')).toBe('{"count":1,"since":5}')
    expect(stored(storage).read('k', Reloads)).toEqual({ count: 1, since: 5 })
  })

  it('reads a missing key as undefined and leaves the storage alone', () => {
    const storage = memoryStorage({ other: '1' })
    expect(stored(storage).read('k', Reloads)).toBeUndefined()
    expect([...storage.data.keys()]).toEqual(['other'])
  })

  it.each([
    ['not JSON', '{count: 1'],
    ['another shape', '{"count":"1","since":5}'],
    ['null', 'null'],
  ])('drops %s: reads undefined and removes the key', (_case, raw) => {
    const storage = memoryStorage({ k: raw, other: '"kept"' })
    expect(stored(storage).read('k', Reloads)).toBeUndefined()
    expect(storage.data.has('k')).toBe(false)
    expect(storage.data.get('other')).toBe('"kept"')
  })

  it('keeps what the schema recovers from a partly damaged value', () => {
    const Terms = z.pipe(z.array(z.unknown()), z.transform((items) => items.filter((t): t is string => typeof t === 'string')))
    expect(stored(memoryStorage({ k: '["a", 3, "b"]' })).read('k', Terms)).toEqual(['a', 'b'])
  })

  it('never throws for a missing, blocked or full storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(stored(blocked).read('k', Reloads)).toBeUndefined()
    expect(stored(blocked).write('k', 1)).toBe(false)
    expect(stored(null).read('k', Reloads)).toBeUndefined()
    expect(stored(null).write('k', 1)).toBe(false)
    const withoutRemove = { getItem: () => 'junk', setItem: () => undefined }
    expect(stored(withoutRemove).read('k', Reloads)).toBeUndefined()
  })
})

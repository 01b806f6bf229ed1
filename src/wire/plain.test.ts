import { numbersRecord, stringList, stringsIn } from './plain'

describe('hand-written schemas of stored values (req PERF-01)', () => {
  it('takes a list of strings and refuses anything else', () => {
    expect(stringList.safeParse(['a', 'b'])).toEqual({ success: true, data: ['a', 'b'] })
    for (const bad of [['a', 1], 'a', null, { 0: 'a' }, undefined]) expect(stringList.safeParse(bad).success).toBe(false)
  })

  it('keeps the strings of an array and drops the rest', () => {
    expect(stringsIn.safeParse(['a', 2, null, 'b'])).toEqual({ success: true, data: ['a', 'b'] })
    expect(stringsIn.safeParse('a').success).toBe(false)
  })

  it('takes finite numbers under the keys named, and only those keys', () => {
    const Reloads = numbersRecord('count', 'since')
    expect(Reloads.safeParse({ count: 1, since: 2, extra: 'x' })).toEqual({ success: true, data: { count: 1, since: 2 } })
    for (const bad of [{ count: 1 }, { count: '1', since: 2 }, { count: Infinity, since: 2 }, { count: NaN, since: 2 }, [1, 2], null, 3]) {
      expect(Reloads.safeParse(bad).success).toBe(false)
    }
  })
})

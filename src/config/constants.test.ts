import { SHARED_CART_RECHECK_DEFAULT_MS, sharedCartRecheckMs } from './constants'

describe('GATSBY_SHARED_CART_RECHECK_MS', () => {
  it('defaults to five minutes when unset or empty', () => {
    expect(SHARED_CART_RECHECK_DEFAULT_MS).toBe(300_000)
    expect(sharedCartRecheckMs(undefined)).toBe(300_000)
    expect(sharedCartRecheckMs('  ')).toBe(300_000)
  })

  it('takes whole milliseconds within 10 s and a day', () => {
    expect(sharedCartRecheckMs('60000')).toBe(60_000)
    expect(sharedCartRecheckMs(' 120_000 ')).toBe(120_000)
    expect(sharedCartRecheckMs('10000')).toBe(10_000)
    expect(sharedCartRecheckMs('86400000')).toBe(86_400_000)
  })

  it.each(['9999', '86400001', '0', '-60000', '1.5e5', '5m', 'abc', '60000.5'])('refuses %p, naming the variable and the bounds', (value) => {
    expect(() => sharedCartRecheckMs(value)).toThrow(`GATSBY_SHARED_CART_RECHECK_MS must be a whole number of milliseconds from 10000 to 86400000, got "${value}"`)
  })

  it('is read from the environment when the module loads, and a bad value stops the load', () => {
    const before = process.env.GATSBY_SHARED_CART_RECHECK_MS
    try {
      process.env.GATSBY_SHARED_CART_RECHECK_MS = '90000'
      jest.isolateModules(() => {
        expect((jest.requireActual('./constants') as typeof import('./constants')).SHARED_CART_RECHECK_MS).toBe(90_000)
      })
      process.env.GATSBY_SHARED_CART_RECHECK_MS = 'cinque minuti'
      jest.isolateModules(() => {
        expect(() => jest.requireActual('./constants')).toThrow(/GATSBY_SHARED_CART_RECHECK_MS/)
      })
    } finally {
      if (before === undefined) delete process.env.GATSBY_SHARED_CART_RECHECK_MS
      else process.env.GATSBY_SHARED_CART_RECHECK_MS = before
    }
  })
})

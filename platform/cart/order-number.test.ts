import { randomOrderNumber } from './order-number'

describe('order numbers', () => {
  it('are PF- and 12 characters of Crockford base 32, each character as likely as any other', () => {
    const numbers = Array.from({ length: 4000 }, randomOrderNumber)
    for (const number of numbers) expect(number).toMatch(/^PF-[0-9A-HJKMNP-TV-Z]{12}$/)
    expect(new Set(numbers).size).toBe(numbers.length)
    const seen = new Map<string, number>()
    for (const number of numbers) for (const c of number.slice(3)) seen.set(c, (seen.get(c) ?? 0) + 1)
    // 48 000 characters over 32: 1500 each on average; a biased draw would stray far further.
    expect(seen.size).toBe(32)
    for (const count of seen.values()) expect(Math.abs(count - 1500)).toBeLessThan(250)
  })
})

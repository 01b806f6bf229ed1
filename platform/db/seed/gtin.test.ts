import { ean13CheckDigit, isValidEan13, italianEan13 } from './gtin'

describe('EAN-13', () => {
  it('computes the check digit of known codes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1)
    expect(ean13CheckDigit('800123456789')).toBe(7)
    expect(isValidEan13('4006381333931')).toBe(true)
    expect(isValidEan13('4006381333932')).toBe(false)
  })

  it('builds valid Italian codes', () => {
    for (const serial of [0, 1, 42, 9_999_999_999]) {
      const code = italianEan13(serial)
      expect(code).toMatch(/^80\d{11}$/)
      expect(isValidEan13(code)).toBe(true)
    }
  })
})

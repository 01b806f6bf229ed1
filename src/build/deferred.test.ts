import { DEFAULT_PREBUILT_PRODUCTS, PrebuildSettingError, prebuiltProducts } from './deferred'

describe('PREBUILD_PRODUCTS', () => {
  it('defaults when unset or empty', () => {
    expect(prebuiltProducts(undefined)).toBe(DEFAULT_PREBUILT_PRODUCTS)
    expect(prebuiltProducts('  ')).toBe(DEFAULT_PREBUILT_PRODUCTS)
  })

  it('reads whole numbers, with or without digit separators, 0 deferring every product page', () => {
    expect(prebuiltProducts('500')).toBe(500)
    expect(prebuiltProducts(' 2_000 ')).toBe(2000)
    expect(prebuiltProducts('0')).toBe(0)
  })

  it.each(['abc', '-1', '2.5', '1e4', '25,000'])('refuses %j with the variable and the value', (value) => {
    expect(() => prebuiltProducts(value)).toThrow(PrebuildSettingError)
    expect(() => prebuiltProducts(value)).toThrow(`PREBUILD_PRODUCTS must be a whole number of product pages (0 or more), got "${value}"`)
  })
})

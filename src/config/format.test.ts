import { formatCount, formatPrice, formatPriceIt, formatWait } from './format'
import { listingTexts } from './texts/listing'

describe('formatWait', () => {
  it('says a wait in seconds under a minute, else in whole minutes rounded up, singular for one', () => {
    expect([1, 2, 59, 60, 61, 130, 900].map(formatWait)).toEqual(['1 secondo', '2 secondi', '59 secondi', '1 minuto', '2 minuti', '3 minuti', '15 minuti'])
  })
})

describe('formatCount', () => {
  it('writes a count as toLocaleString("it-IT") does', () => {
    const counts = [0, 1, 7, 42, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 1234567, 10000000, -5, -12345]
    for (const n of counts) expect(formatCount(n)).toBe(n.toLocaleString('it-IT'))
  })

  it('groups from five digits up', () => {
    expect(formatCount(9999)).toBe('9999')
    expect(formatCount(12345)).toBe('12.345')
    expect(formatCount(1234567)).toBe('1.234.567')
  })

  it('is what the listing labels show', () => {
    expect(listingTexts.results(1)).toBe('1 prodotto')
    expect(listingTexts.results(15320)).toBe('15.320 prodotti')
    expect(listingTexts.showResults(2500)).toBe('Mostra 2500 prodotti')
  })
})

describe('prices', () => {
  it('keeps two decimals with a comma', () => {
    expect(formatPrice(8.9)).toBe('€ 8,90')
    expect(formatPriceIt(12)).toBe('12,00 €')
  })
})

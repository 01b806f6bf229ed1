import { completions, type SuggestionSource } from './suggest'

const product = (name: string, species: string | null = 'Cane', ...more: string[]): SuggestionSource => ({ phrases: [name, ...more], species })

describe('term completions', () => {
  const products = [
    product('Crocchette Adult al pollo', 'Cane', 'Cibo secco'),
    product('Crocchette Puppy al manzo', 'Cane'),
    product('Crocchette Sterilizzato al salmone', 'Gatto'),
    product('Cuccia Comfort', 'Cane'),
    product('Croccantini Light', 'Gatto'),
  ]

  it('completes the last word, commonest first, and with the species', () => {
    expect(completions('crocch', products, 10)).toEqual([
      { value: 'crocchette', count: 3 },
      { value: 'crocchette cane', count: 2 },
      { value: 'crocchette gatto', count: 1 },
    ])
  })

  it('keeps complete typed words in front', () => {
    expect(completions('crocchette pu', products, 5).map((t) => t.value)).toEqual(['crocchette puppy', 'crocchette puppy cane'])
  })

  it('draws on every phrase of a product, counting each term once per product', () => {
    expect(completions('cib', products, 5)).toEqual([
      { value: 'cibo', count: 1 },
      { value: 'cibo cane', count: 1 },
    ])
    expect(completions('cane', products, 5)).toEqual([])
  })

  it('folds accents and case, honours the limit and ignores blank input', () => {
    expect(completions('CRÒC', products, 2)).toHaveLength(2)
    expect(completions('   ', products, 5)).toEqual([])
    expect(completions('luce', [product('Lampada', null)], 5)).toEqual([])
  })
})

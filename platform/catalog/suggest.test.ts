import { completions } from './suggest'

describe('term completions', () => {
  const names = [['Crocchette Adult al pollo', 'Cane', 'Cibo secco'], ['Crocchette Puppy al manzo'], ['Crocchette Adult al salmone'], ['Cuccia per cani Comfort'], ['Croccantini Light']]

  it('completes the last word from product names, commonest first, then with the next word', () => {
    const terms = completions('crocch', names, 10)
    expect(terms[0]).toEqual({ value: 'crocchette', count: 3 })
    expect(terms).toContainEqual({ value: 'crocchette adult', count: 2 })
    expect(terms).toContainEqual({ value: 'crocchette puppy', count: 1 })
    expect(terms.map((t) => t.value)).not.toContain('croccantini')
  })

  it('keeps complete typed words in front and steps over one linking word', () => {
    expect(completions('crocchette pu', names, 5).map((t) => t.value)).toEqual(['crocchette puppy', 'crocchette puppy al manzo'])
    expect(completions('cucc', names, 5).map((t) => t.value)).toEqual(['cuccia', 'cuccia per cani'])
  })

  it('draws on every phrase of a product without running one into the next', () => {
    expect(completions('cib', names, 5)).toEqual([{ value: 'cibo', count: 1 }, { value: 'cibo secco', count: 1 }])
    expect(completions('pollo', names, 5).map((t) => t.value)).toEqual(['pollo'])
  })

  it('folds accents and case and honours the limit', () => {
    expect(completions('CRÒC', names, 2)).toHaveLength(2)
    expect(completions('   ', names, 5)).toEqual([])
  })
})

import { inputProblem, MAX_INPUT_DEPTH } from './input'

describe('inputProblem', () => {
  it('accepts ordinary JSON, tabs, line feeds and paired surrogates (emoji)', () => {
    expect(inputProblem({ a: ['x', 1, null, true, { b: 'riga\nseconda\tcolonna\r' }], emoji: '🐶 crocchette' })).toBeNull()
    expect(inputProblem('')).toBeNull()
    expect(inputProblem(undefined)).toBeNull()
  })

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', '\u0007'],
    ['escape', '\u001b[31m'],
    ['delete', '\u007f'],
  ])('refuses %s, naming the field', (_name, text) => {
    expect(inputProblem({ newItem: { items: [{ sku: text }] } })).toBe('newItem.items.0.sku holds a control character')
  })

  it('refuses unpaired surrogates, high or low', () => {
    expect(inputProblem({ q: 'a\ud800' })).toBe('q holds an unpaired surrogate (not valid Unicode)')
    expect(inputProblem({ q: '\udc00a' })).toBe('q holds an unpaired surrogate (not valid Unicode)')
    expect(inputProblem({ q: '\udc00\ud800' })).toMatch(/unpaired/)
  })

  it('checks keys too', () => {
    expect(inputProblem({ ['x\u0000']: 1 })).toBe('a key of the input holds a control character')
  })

  it('refuses nesting beyond the limit without recursing, and accepts it up to the limit', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf'
      for (let i = 0; i < levels; i += 1) value = { a: value }
      return value
    }
    expect(inputProblem(nest(MAX_INPUT_DEPTH))).toBeNull()
    expect(inputProblem(nest(MAX_INPUT_DEPTH + 1))).toMatch(/nested deeper than 16 levels/)
    expect(inputProblem(nest(100_000))).toMatch(/nested deeper than 16 levels/)
  })
})

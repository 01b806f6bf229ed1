import { requestValueProblem } from './input'

describe('requestValueProblem', () => {
  it('accepts ordinary values, tabs, line feeds and emoji', () => {
    expect(requestValueProblem({ sku: '10001', note: 'a\tb\nc', name: 'Fido 🐶' }, 'body')).toBeNull()
    expect(requestValueProblem(undefined, 'body')).toBeNull()
  })

  it('names where a control character or an unpaired surrogate is', () => {
    expect(requestValueProblem({ seller: 'x\u0000' }, 'body')).toBe('body.seller holds a control character')
    expect(requestValueProblem({ attachments: [{ value: '\ud83d' }] }, 'body')).toBe('body.attachments.0.value holds an unpaired surrogate')
    expect(requestValueProblem({ ['\u0001']: 1 }, 'query')).toBe('a key of query holds a control character')
  })

  it('refuses nesting beyond 16 levels however deep, without recursing', () => {
    let deep: unknown = 1
    for (let i = 0; i < 50_000; i += 1) deep = [deep]
    expect(requestValueProblem(deep, 'body')).toBe('body.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0 is nested deeper than 16 levels')
  })
})

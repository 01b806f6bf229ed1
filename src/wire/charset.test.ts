import { charsetProblem } from './charset'

describe('charsetProblem', () => {
  it('accepts UTF-8 in any spelling, or no charset at all', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf8"', 'application/json; charset = utf-8']) {
      expect(charsetProblem(type)).toBeNull()
    }
  })

  it('refuses any other charset, naming it', () => {
    expect(charsetProblem('application/json; charset=latin1')).toBe('charset latin1 is not accepted, send utf-8')
    expect(charsetProblem('application/json; CHARSET="ISO-8859-1"')).toBe('charset iso-8859-1 is not accepted, send utf-8')
    expect(charsetProblem('application/json; charset = latin1')).toBe('charset latin1 is not accepted, send utf-8')
  })

  it('reads the parameter named charset, not one that merely holds the word', () => {
    expect(charsetProblem('application/json; x-charset=latin1')).toBeNull()
    expect(charsetProblem('application/json; charset')).toBeNull()
  })
})

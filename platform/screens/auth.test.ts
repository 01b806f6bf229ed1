import { formFields } from './auth'

describe('formFields', () => {
  it('reads every field as one string, the first of a repeated one', () => {
    const body = Object.assign(Object.create(null) as object, { email: 'a@b.it', tag: ['x', 'y'], constructor: 'any name' })
    expect(formFields(body)).toEqual({ email: 'a@b.it', tag: 'x', constructor: 'any name' })
  })

  it('reads nothing from a body that is no form', () => {
    expect(formFields(undefined)).toEqual({})
    expect(formFields({ email: 1 })).toEqual({})
    expect(formFields(['a'])).toEqual({})
  })
})

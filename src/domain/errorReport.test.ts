import { sampleRateOf, scrubReport } from './errorReport'

describe('scrubReport', () => {
  it('keeps what broke and where, and drops who', () => {
    const event = {
      user: { id: 'c1', email: 'mario.rossi@example.it', ip_address: '10.0.0.1' },
      request: { url: 'https://shop.example/s?q=crocchette&email=mario@example.it#x', cookies: { pf_session: 'secret' }, headers: { cookie: 'pf_session=secret' }, data: '{"password":"x"}' },
      breadcrumbs: [{ message: 'clicked Accedi' }],
      extra: { orderFormId: 'abc' },
      tags: { pageType: 'product' },
      message: 'failed for mario.rossi@example.it',
      exception: { values: [{ type: 'Error', value: 'no customer luca.verdi@example.it' }, { type: 'TypeError' }] },
    }
    expect(scrubReport(event)).toEqual({
      request: { url: 'https://shop.example/s' },
      tags: { pageType: 'product' },
      message: 'failed for [email]',
      exception: { values: [{ type: 'Error', value: 'no customer [email]' }, { type: 'TypeError' }] },
    })
    expect(event.user.email).toBe('mario.rossi@example.it')
  })

  it('leaves a report without request or message as it is', () => {
    expect(scrubReport({ tags: { where: 'function' } })).toEqual({ tags: { where: 'function' } })
    expect(scrubReport({ request: { headers: { a: 1 } } })).toEqual({ request: {} })
  })
})

describe('sampleRateOf', () => {
  it('reads a rate between 0 and 1, else uses the default 0.2 (req CONST-13)', () => {
    expect(sampleRateOf(undefined)).toBe(0.2)
    expect(sampleRateOf('')).toBe(0.2)
    expect(sampleRateOf('1')).toBe(1)
    expect(sampleRateOf('0')).toBe(0)
    expect(sampleRateOf('0.5')).toBe(0.5)
    expect(sampleRateOf('2')).toBe(0.2)
    expect(sampleRateOf('often')).toBe(0.2)
  })
})

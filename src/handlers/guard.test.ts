import { CommerceError } from '../commerce/errors'
import { formBodyProblem, guardFormPost, guardRequest, isForeignRequest, jsonBodyProblem, trustedOrigins } from './guard'

const headers = (h: Record<string, string>) => ({ host: 'shop.example', ...h })
const refusal = (fn: () => void) => {
  try {
    fn()
  } catch (error) {
    return error instanceof CommerceError ? [error.status, error.code] : ['thrown', String(error)]
  }
  return null
}

describe('guardRequest', () => {
  it('lets same-origin JSON and reads through', () => {
    expect(refusal(() => guardRequest({ method: 'POST', headers: headers({ origin: 'https://shop.example', 'content-type': 'application/json' }), body: '{}' }))).toBeNull()
    expect(refusal(() => guardRequest({ method: 'GET', headers: headers({ origin: 'https://evil.example' }), body: undefined }))).toBeNull()
    expect(refusal(() => guardRequest({ method: 'POST', headers: headers({}), body: '' }))).toBeNull()
  })

  it('refuses a state change from another origin, an opaque origin or a cross-site fetch', () => {
    const json = { 'content-type': 'application/json' }
    expect(refusal(() => guardRequest({ method: 'POST', headers: headers({ ...json, origin: 'https://evil.example' }), body: '{}' }))).toEqual([403, 'foreign_origin'])
    expect(refusal(() => guardRequest({ method: 'DELETE', headers: headers({ ...json, origin: 'null' }), body: '{}' }))).toEqual([403, 'foreign_origin'])
    expect(refusal(() => guardRequest({ method: 'POST', headers: headers({ ...json, 'sec-fetch-site': 'same-site' }), body: '{}' }))).toEqual([403, 'foreign_origin'])
  })

  it('refuses bodies that are not JSON in UTF-8', () => {
    const from = { origin: 'https://shop.example' }
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1']) {
      expect(refusal(() => guardRequest({ method: 'POST', headers: headers({ ...from, 'content-type': type }), body: '{}' }))).toEqual([415, 'unsupported_media_type'])
    }
    expect(refusal(() => guardRequest({ method: 'POST', headers: headers(from), body: '{"a":1}' }))).toEqual([415, 'unsupported_media_type'])
  })
})

describe('guardFormPost', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' }

  it('takes a urlencoded form a page of this site posted', () => {
    expect(refusal(() => guardFormPost({ headers: headers({ ...form, origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' }) }))).toBeNull()
    expect(refusal(() => guardFormPost({ headers: headers({ ...form, 'sec-fetch-site': 'same-origin' }) }))).toBeNull()
    expect(refusal(() => guardFormPost({ headers: headers({ 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'https://shop.example' }) }))).toBeNull()
  })

  it('refuses a form from another site, another port, an opaque origin, or a request naming no page at all', () => {
    const pages: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://shop.example:8443' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      {},
    ]
    for (const from of pages) {
      expect(refusal(() => guardFormPost({ headers: headers({ ...form, ...from }) }))).toEqual([403, 'foreign_origin'])
    }
  })

  it('refuses any body but a urlencoded form in UTF-8', () => {
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded; charset=latin1', '']) {
      expect(refusal(() => guardFormPost({ headers: headers({ origin: 'https://shop.example', 'content-type': type }) }))).toEqual([415, 'unsupported_media_type'])
    }
    expect(formBodyProblem(undefined)).toContain('application/x-www-form-urlencoded')
  })
})

describe('origins', () => {
  it('trusts SITE_ORIGINS besides the host itself', () => {
    const trusted = trustedOrigins({ SITE_ORIGINS: 'https://www.zampa.it/, https://m.zampa.it' })
    expect(trusted).toEqual(['https://www.zampa.it', 'https://m.zampa.it'])
    expect(isForeignRequest({ host: 'backend:9000', origin: 'https://www.zampa.it' }, trusted)).toBe(false)
    expect(isForeignRequest({ host: 'backend:9000', origin: 'https://zampa.it.evil.example' }, trusted)).toBe(true)
    expect(isForeignRequest({ host: '127.0.0.1:9000', origin: 'http://127.0.0.1:9001' }, [])).toBe(true)
  })

  it('names what is wrong with a content type', () => {
    expect(jsonBodyProblem('application/json; charset=UTF-8', true)).toBeNull()
    expect(jsonBodyProblem(undefined, false)).toBeNull()
    expect(jsonBodyProblem('text/plain', true)).toContain('text/plain')
  })
})

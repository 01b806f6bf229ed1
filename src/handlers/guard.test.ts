import { CommerceError } from '../commerce/errors'
import { formBodyProblem, guardFormPost, guardRequest, isForeignRequest, jsonBodyProblem, ownOrigin, trustedOrigins } from './guard'

const headers = (h: Record<string, string>) => ({ host: 'shop.example', ...h })
/** The request as the server hands it over: over https, as the connection (or a trusted proxy) says. */
const secure = { protocol: 'https' }
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
    expect(refusal(() => guardRequest({ ...secure, method: 'POST', headers: headers({ origin: 'https://shop.example', 'content-type': 'application/json' }), body: '{}' }))).toBeNull()
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
      expect(refusal(() => guardRequest({ ...secure, method: 'POST', headers: headers({ ...from, 'content-type': type }), body: '{}' }))).toEqual([415, 'unsupported_media_type'])
    }
    expect(refusal(() => guardRequest({ ...secure, method: 'POST', headers: headers(from), body: '{"a":1}' }))).toEqual([415, 'unsupported_media_type'])
  })
})

describe('guardFormPost', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' }

  it('takes a urlencoded form a page of this site posted', () => {
    expect(refusal(() => guardFormPost({ ...secure, headers: headers({ ...form, origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' }) }))).toBeNull()
    expect(refusal(() => guardFormPost({ ...secure, headers: headers({ ...form, 'sec-fetch-site': 'same-origin' }) }))).toBeNull()
    expect(refusal(() => guardFormPost({ ...secure, headers: headers({ 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'https://shop.example' }) }))).toBeNull()
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
      expect(refusal(() => guardFormPost({ ...secure, headers: headers({ ...form, ...from }) }))).toEqual([403, 'foreign_origin'])
    }
  })

  it('refuses any body but a urlencoded form in UTF-8', () => {
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded; charset=latin1', '']) {
      expect(refusal(() => guardFormPost({ ...secure, headers: headers({ origin: 'https://shop.example', 'content-type': type }) }))).toEqual([415, 'unsupported_media_type'])
    }
    expect(formBodyProblem(undefined)).toContain('application/x-www-form-urlencoded')
  })
})

describe('origins', () => {
  it('trusts SITE_ORIGINS besides the host itself', () => {
    const trusted = trustedOrigins({ SITE_ORIGINS: 'https://www.zampa.it/, https://m.zampa.it' })
    expect(trusted).toEqual(['https://www.zampa.it', 'https://m.zampa.it'])
    expect(isForeignRequest({ origin: 'https://www.zampa.it' }, 'http://backend:9000', trusted)).toBe(false)
    expect(isForeignRequest({ origin: 'https://zampa.it.evil.example' }, 'http://backend:9000', trusted)).toBe(true)
    expect(isForeignRequest({ origin: 'http://127.0.0.1:9001' }, 'http://127.0.0.1:9000', [])).toBe(true)
  })

  it('compares scheme, host and port with the origin the request was sent to', () => {
    const json = { 'content-type': 'application/json' }
    const post = (extra: object, h: Record<string, string>) => refusal(() => guardRequest({ method: 'POST', headers: headers({ ...json, ...h }), body: '{}', ...extra }))
    // A page on https posting to this site over http (or the other way round) is another origin.
    expect(post({}, { origin: 'https://shop.example' })).toEqual([403, 'foreign_origin'])
    expect(post({ protocol: 'http' }, { origin: 'https://shop.example' })).toEqual([403, 'foreign_origin'])
    expect(post(secure, { origin: 'http://shop.example' })).toEqual([403, 'foreign_origin'])
    expect(post({}, { origin: 'http://shop.example:8080' })).toEqual([403, 'foreign_origin'])
    expect(post({}, { origin: 'http://shop.example' })).toBeNull()
    expect(post({}, { origin: 'http://shop.example:80' })).toBeNull()
    expect(post(secure, { origin: 'https://SHOP.example' })).toBeNull()
    // X-Forwarded-Proto is the server's to believe (behind a trusted proxy), never the guard's.
    expect(post({}, { origin: 'https://shop.example', 'x-forwarded-proto': 'https' })).toEqual([403, 'foreign_origin'])
    // The TLS connection itself, or the full URL an adapter or the production server records.
    expect(post({ socket: { encrypted: true } }, { origin: 'https://shop.example' })).toBeNull()
    expect(post({ rawUrl: 'https://shop.example/api/checkout/addCartItem' }, { origin: 'https://shop.example' })).toBeNull()
    expect(post({ rawUrl: 'https://shop.example/api/checkout/addCartItem' }, { origin: 'http://shop.example' })).toEqual([403, 'foreign_origin'])
  })

  it('refuses when either header says the page is of another site, whichever the other says', () => {
    expect(isForeignRequest({ origin: 'http://shop.example', 'sec-fetch-site': 'cross-site' }, 'http://shop.example', [])).toBe(true)
    expect(isForeignRequest({ origin: 'http://shop.example', 'sec-fetch-site': 'same-site' }, 'http://shop.example', [])).toBe(true)
    expect(isForeignRequest({ origin: 'https://www.zampa.it', 'sec-fetch-site': 'cross-site' }, 'http://backend:9000', ['https://www.zampa.it'])).toBe(true)
    // A trusted origin is another origin of the same site: same-site is what a browser says for it.
    expect(isForeignRequest({ origin: 'https://m.zampa.it', 'sec-fetch-site': 'same-site' }, 'https://www.zampa.it', ['https://m.zampa.it'])).toBe(false)
    expect(isForeignRequest({ origin: 'http://shop.example', 'sec-fetch-site': 'same-origin' }, 'http://shop.example', [])).toBe(false)
    expect(isForeignRequest({ 'sec-fetch-site': 'none' }, 'http://shop.example', [])).toBe(false)
    expect(isForeignRequest({}, 'http://shop.example', [])).toBe(false)
  })

  it("reads the request's own origin from the server's view of it", () => {
    expect(ownOrigin({ headers: { host: 'Shop.Example:443' }, protocol: 'https' })).toBe('https://shop.example')
    expect(ownOrigin({ headers: { host: 'shop.example' } })).toBe('http://shop.example')
    expect(ownOrigin({ headers: { host: 'shop.example' }, rawUrl: 'https://www.zampa.it/api/x' })).toBe('https://www.zampa.it')
    expect(ownOrigin({ headers: {} })).toBeNull()
    expect(ownOrigin({ headers: { host: 'bad host' } })).toBeNull()
  })

  it('names what is wrong with a content type', () => {
    expect(jsonBodyProblem('application/json; charset=UTF-8', true)).toBeNull()
    expect(jsonBodyProblem(undefined, false)).toBeNull()
    expect(jsonBodyProblem('text/plain', true)).toContain('text/plain')
  })
})

/**
 * The XSS corpus (tests/shared/xssCorpus.ts) through every place the
 * platform's screens show a shopper's input again: the login page's return
 * address, the email of a failed login, the fields of a refused registration
 * and the checkout's order form id. These screens run no script of their own,
 * so what could run is only what their HTML builds: each answer is parsed as
 * a browser parses it (tests/shared/markup.ts) and must hold no handler, no
 * script URL and no active element the same screen lacks with harmless input,
 * while the field shows the input as typed.
 */
import { fieldValue, injectedBeyond, markupOf, type Markup } from '../../tests/shared/markup'
import { xssCorpus } from '../../tests/shared/xssCorpus'
import { call, createTestPlatform, type TestPlatform } from '../testing/app'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(10)
})
afterAll(() => platform.close())

/** Each request from an address of its own, so the login and registration limits never answer in place of the screen. */
let address = 0
const from = () => {
  address += 1
  return { 'x-forwarded-for': `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}` }
}

async function screen(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<string> {
  const answer = await call(platform, method, path, { headers: from(), ...(form ? { form } : {}) })
  expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
  return answer.text
}

/** The screen's HTML built nothing from the payload that the screen given harmless input (`baseline`) does not build too. */
function expectInert(html: string, baseline: Markup, label: string): void {
  expect({ label, ...injectedBeyond(markupOf(html), baseline) }).toEqual({ label, handlers: [], added: {} })
}

const oneLine = (text: string) => text.replace(/[\r\n]/g, '')

describe('the platform screens show every payload of the XSS corpus as text', () => {
  it(`the return address of the login page (${xssCorpus.length} payloads)`, async () => {
    const baseline = markupOf(await screen('GET', '/login?returnUrl=%2Fcane'))
    for (const [name, payload] of xssCorpus) {
      const html = await screen('GET', `/login?returnUrl=${encodeURIComponent(`/${payload}`)}`)
      expectInert(html, baseline, name)
      // The path is kept as given (a backslash or a control character falls back to the account page).
      expect([`/${payload}`, '/account']).toContain(fieldValue(html, 'returnUrl'))
    }
  })

  it('the email a failed login shows again', async () => {
    const baseline = markupOf(await screen('POST', '/login', { email: 'nessuno@example.it', password: 'sbagliata', returnUrl: '/account' }))
    for (const [name, payload] of xssCorpus) {
      const html = await screen('POST', '/login', { email: payload, password: 'sbagliata', returnUrl: '/account' })
      expectInert(html, baseline, name)
      expect({ name, shown: fieldValue(html, 'email') }).toEqual({ name, shown: oneLine(payload) })
    }
  })

  it('the name and email a refused registration shows again', async () => {
    const baseline = markupOf(await screen('POST', '/register', { givenName: 'Anna', familyName: 'Bianchi', email: 'anna@example.it', password: 'x' }))
    for (const [name, payload] of xssCorpus) {
      // A password too short: the page comes back with every field as typed.
      const html = await screen('POST', '/register', { givenName: payload, familyName: payload, email: payload, password: 'x' })
      expectInert(html, baseline, name)
      expect({ name, shown: fieldValue(html, 'familyName') }).toEqual({ name, shown: oneLine(payload.trim()) })
    }
  })

  it('the order form id of the checkout', async () => {
    const baseline = markupOf(await screen('GET', '/checkout?orderFormId=nessuno'))
    for (const [name, payload] of xssCorpus) expectInert(await screen('GET', `/checkout?orderFormId=${encodeURIComponent(payload)}`), baseline, name)
  })
})

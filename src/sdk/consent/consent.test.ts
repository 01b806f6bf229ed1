/** @jest-environment jsdom */
import { CONSENT_KEY, CONSENT_MAX_AGE_MS, PURPOSES_VERSION, appConsent, choiceOf, consentModeOf, consentScript, readChoice } from './consent'

const now = Date.UTC(2026, 5, 1)
const day = 24 * 60 * 60 * 1000

describe('stored consent (req CONSENT-04)', () => {
  it('holds for 6 months, then is asked again', () => {
    const choice = choiceOf(true, false, now)
    expect(readChoice(JSON.stringify(choice), now + 182 * day)).toEqual(choice)
    expect(readChoice(JSON.stringify(choice), now + CONSENT_MAX_AGE_MS)).toEqual(choice)
    expect(readChoice(JSON.stringify(choice), now + CONSENT_MAX_AGE_MS + 1)).toBeNull()
  })

  it('is asked again when the purposes change', () => {
    expect(readChoice(JSON.stringify({ ...choiceOf(true, true, now), v: PURPOSES_VERSION - 1 }), now)).toBeNull()
    expect(readChoice(JSON.stringify({ ...choiceOf(true, true, now), v: PURPOSES_VERSION + 1 }), now)).toBeNull()
  })

  it('ignores what is missing, malformed or dated in the future', () => {
    for (const raw of [null, '', '{', 'null', '[]', '{"v":1,"t":1,"a":"yes","m":false}', JSON.stringify(choiceOf(true, true, now + day))]) expect(readChoice(raw, now)).toBeNull()
  })
})

describe('Consent Mode v2 (req CONSENT-01)', () => {
  it('denies every tracking signal by default and grants only what was chosen', () => {
    expect(consentModeOf(null)).toMatchObject({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' })
    expect(consentModeOf({ a: true, m: false })).toMatchObject({ ad_storage: 'denied', analytics_storage: 'granted' })
  })
})

describe("the app's consent on /fromApp (req CONSENT-07)", () => {
  it('reads the purposes the app passes, and nothing when it passes none', () => {
    expect(appConsent('?consent=analytics,marketing')).toEqual({ a: true, m: true })
    expect(appConsent('?consent=none')).toEqual({ a: false, m: false })
    expect(appConsent('?x=1')).toBeNull()
  })
})

describe('the inline consent script', () => {
  const run = (script: string, path = '/') => {
    window.history.replaceState(null, '', path)
    document.documentElement.removeAttribute('data-consent')
    document.head.innerHTML = ''
    window.dataLayer = []
    new Function(script)()
  }
  beforeEach(() => localStorage.clear())

  it('pushes the denied defaults first and asks when nothing is stored', () => {
    run(consentScript('GTM-AB12CD3', 'https://www.googletagmanager.com'))
    expect(Array.from(window.dataLayer![0] as unknown as ArrayLike<unknown>)).toEqual(['consent', 'default', consentModeOf(null)])
    expect(document.documentElement.getAttribute('data-consent')).toBe('ask')
    expect(document.querySelector('script[src]')).toBeNull()
  })

  it('loads the container with a stored analytics consent, and only then', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(choiceOf(true, false, Date.now())))
    run(consentScript('GTM-AB12CD3', 'https://www.googletagmanager.com'))
    expect(document.querySelector('script[src]')?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3')
    localStorage.setItem(CONSENT_KEY, JSON.stringify(choiceOf(false, true, Date.now())))
    run(consentScript('GTM-AB12CD3', 'https://www.googletagmanager.com'))
    expect(document.querySelector('script[src]')).toBeNull()
    expect(document.documentElement.getAttribute('data-consent')).toBe('denied')
  })

  it('loads nothing without a container id, whatever the consent', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(choiceOf(true, true, Date.now())))
    run(consentScript(undefined, 'https://www.googletagmanager.com'))
    expect(document.querySelector('script[src]')).toBeNull()
    expect(document.documentElement.getAttribute('data-consent')).toBe('granted')
  })

  it("stores the app's consent on /fromApp", () => {
    run(consentScript('GTM-AB12CD3', 'https://www.googletagmanager.com'), '/fromApp?consent=none')
    expect(readChoice(localStorage.getItem(CONSENT_KEY), Date.now())).toMatchObject({ a: false, m: false })
    expect(document.documentElement.getAttribute('data-consent')).toBe('denied')
  })
})

/** @jest-environment jsdom */
import { choiceOf } from '../../../tests/e2e/support/consent'
import { CONSENT_KEY, CONSENT_MAX_AGE_MS, PURPOSES_VERSION, consentModeOf, consentScript, type ConsentChoice } from './consent'

const now = Date.UTC(2026, 5, 1)
const day = 24 * 60 * 60 * 1000

/**
 * The rule the head's script keeps a stored choice by, written out plainly: the choice that still holds, or
 * null when it is missing, malformed, from another purposes version, or older than 6 months.
 */
function readChoice(raw: string | null, at: number): ConsentChoice | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const { v, t, a, m } = value as Record<string, unknown>
  if (v !== PURPOSES_VERSION || typeof t !== 'number' || typeof a !== 'boolean' || typeof m !== 'boolean') return null
  if (t > at + 60_000 || at - t > CONSENT_MAX_AGE_MS) return null
  return { v, t, a, m }
}

/** The purposes an app's /fromApp address passes (`?consent=analytics,marketing`, `?consent=none`), or null when it passes none. */
function appConsent(search: string): { a: boolean; m: boolean } | null {
  const value = new URLSearchParams(search).get('consent')
  if (value === null) return null
  const purposes = value.split(',').map((p) => p.trim())
  return { a: purposes.includes('analytics'), m: purposes.includes('marketing') }
}

/** Runs the head's script on a fresh document at `path`. */
const run = (script: string, path = '/') => {
  window.history.replaceState(null, '', path)
  document.documentElement.removeAttribute('data-consent')
  document.head.innerHTML = ''
  window.dataLayer = []
  new Function(script)()
}

/** Whether the head's script, at `at`, takes the stored `raw` as the shopper's choice rather than asking. */
function scriptKeeps(raw: string | null, at: number): boolean {
  localStorage.clear()
  if (raw !== null) localStorage.setItem(CONSENT_KEY, raw)
  const clock = jest.spyOn(Date, 'now').mockReturnValue(at)
  try {
    run(consentScript(undefined, 'https://www.googletagmanager.com'))
  } finally {
    clock.mockRestore()
  }
  return document.documentElement.getAttribute('data-consent') !== 'ask'
}

/** What the head's script saves from an app's /fromApp address, as its purposes; null when it stores nothing. */
function savedFromApp(search: string): { a: boolean; m: boolean } | null {
  localStorage.clear()
  run(consentScript(undefined, 'https://www.googletagmanager.com'), `/fromApp${search}`)
  const stored = readChoice(localStorage.getItem(CONSENT_KEY), Date.now())
  return stored && { a: stored.a, m: stored.m }
}

describe('stored consent (req CONSENT-04)', () => {
  it('holds for 6 months, then is asked again', () => {
    const choice = choiceOf(true, false, now)
    expect(readChoice(JSON.stringify(choice), now + 182 * day)).toEqual(choice)
    expect(readChoice(JSON.stringify(choice), now + CONSENT_MAX_AGE_MS)).toEqual(choice)
    expect(readChoice(JSON.stringify(choice), now + CONSENT_MAX_AGE_MS + 1)).toBeNull()
    expect(scriptKeeps(JSON.stringify(choice), now + CONSENT_MAX_AGE_MS)).toBe(true)
    expect(scriptKeeps(JSON.stringify(choice), now + CONSENT_MAX_AGE_MS + 1)).toBe(false)
  })

  it('is asked again when the purposes change', () => {
    expect(readChoice(JSON.stringify({ ...choiceOf(true, true, now), v: PURPOSES_VERSION - 1 }), now)).toBeNull()
    expect(readChoice(JSON.stringify({ ...choiceOf(true, true, now), v: PURPOSES_VERSION + 1 }), now)).toBeNull()
    expect(scriptKeeps(JSON.stringify(choiceOf(true, true, now)), now)).toBe(true)
    expect(scriptKeeps(JSON.stringify({ ...choiceOf(true, true, now), v: PURPOSES_VERSION - 1 }), now)).toBe(false)
  })

  it('ignores what is missing, malformed or dated in the future', () => {
    for (const raw of [null, '', '{', 'null', '[]', '{"v":1,"t":1,"a":"yes","m":false}', JSON.stringify(choiceOf(true, true, now + day))]) {
      expect(readChoice(raw, now)).toBeNull()
      expect(scriptKeeps(raw, now)).toBe(false)
    }
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
    for (const search of ['?consent=analytics,marketing', '?consent=none', '?consent=marketing', '?x=1']) expect(savedFromApp(search)).toEqual(appConsent(search))
  })
})

describe('the inline consent script', () => {
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

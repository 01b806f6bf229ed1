import { LOGOUT_INTENT_KEY, LOGOUT_INTENT_MAX_AGE_MS, markLogoutIntent, takeLogoutIntent } from './logoutIntent'

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data }
}

describe('the logout intent', () => {
  it('is there once after the click, and used up by reading it', () => {
    const tab = memoryStorage()
    markLogoutIntent(tab, 1_000)
    expect(takeLogoutIntent(tab, 2_000)).toBe(true)
    expect(takeLogoutIntent(tab, 2_001)).toBe(false)
    expect(tab.data.has(LOGOUT_INTENT_KEY)).toBe(false)
  })

  it('is not there without a click (another site sent the browser), when stale, from the future or malformed', () => {
    const tab = memoryStorage()
    expect(takeLogoutIntent(tab, 1_000)).toBe(false)
    markLogoutIntent(tab, 1_000)
    expect(takeLogoutIntent(tab, 1_000 + LOGOUT_INTENT_MAX_AGE_MS + 1)).toBe(false)
    markLogoutIntent(tab, 5_000)
    expect(takeLogoutIntent(tab, 1_000)).toBe(false)
    tab.setItem(LOGOUT_INTENT_KEY, '"yes"')
    expect(takeLogoutIntent(tab, 1_000)).toBe(false)
    expect(takeLogoutIntent(null, 1_000)).toBe(false)
  })
})

import { BKID_CACHE_KEY } from '../../config/constants'
import { isBkidStale, loadBkid } from './bkid'

const DAY = 24 * 60 * 60_000
const person = { id: 'u1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const card = { bkid: 'BK0000100001', arcacard: '2900001000011', profilingConsent: true }
const empty = { bkid: null, arcacard: null, profilingConsent: null }

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}
const answer = (body: unknown, status = 200) => jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }))

describe('bk_id cache ages (req ID-08)', () => {
  it('keeps a card with a bkid for 7 days', () => {
    expect(isBkidStale(card, 0, 7 * DAY - 1)).toBe(false)
    expect(isBkidStale(card, 0, 7 * DAY)).toBe(true)
  })

  it('keeps an empty answer for 1 day only', () => {
    expect(isBkidStale(empty, 0, DAY - 1)).toBe(false)
    expect(isBkidStale(empty, 0, DAY)).toBe(true)
  })
})

describe('loadBkid', () => {
  it('fetches once, then answers from the cache until it is stale', async () => {
    const storage = memoryStorage()
    const doFetch = answer(card)
    let now = 0
    const load = () => loadBkid({ person, doFetch: doFetch as unknown as typeof fetch, storage, now: () => now })
    await expect(load()).resolves.toEqual(card)
    now = 6 * DAY
    await expect(load()).resolves.toEqual(card)
    expect(doFetch).toHaveBeenCalledTimes(1)
    now = 7 * DAY
    await load()
    expect(doFetch).toHaveBeenCalledTimes(2)
  })

  it('asks again after a day when the cached answer had no bkid', async () => {
    const storage = memoryStorage()
    const doFetch = answer(empty)
    let now = 0
    const load = () => loadBkid({ person, doFetch: doFetch as unknown as typeof fetch, storage, now: () => now })
    await load()
    now = DAY
    await load()
    expect(doFetch).toHaveBeenCalledTimes(2)
  })

  it("asks again for another person's email, and nothing for a guest", async () => {
    const storage = memoryStorage()
    storage.setItem(BKID_CACHE_KEY, JSON.stringify({ email: 'giulia.bianchi@example.it', at: 0, card }))
    const doFetch = answer(card)
    await loadBkid({ person, doFetch: doFetch as unknown as typeof fetch, storage, now: () => 1 })
    expect(doFetch).toHaveBeenCalledTimes(1)
    await expect(loadBkid({ person: null, doFetch: doFetch as unknown as typeof fetch, storage })).resolves.toBeNull()
    expect(doFetch).toHaveBeenCalledTimes(1)
  })

  it('logs a failure, yields nothing and caches nothing', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const storage = memoryStorage()
    const doFetch = answer({ error: { code: 'backend_unavailable', message: 'down' } }, 503)
    await expect(loadBkid({ person, doFetch: doFetch as unknown as typeof fetch, storage })).resolves.toBeNull()
    expect(log).toHaveBeenCalled()
    expect(storage.data.has(BKID_CACHE_KEY)).toBe(false)
    log.mockRestore()
  })
})

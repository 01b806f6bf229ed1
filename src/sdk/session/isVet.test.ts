import { IS_VET_KEY, loadIsVet } from './isVet'

class MemoryStorage {
  private values = new Map<string, string>()
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
}

const giulia = { id: 'c2', email: 'giulia.bianchi@example.it', givenName: 'Giulia', familyName: 'Bianchi' }
const mario = { id: 'c1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const answer = (status: number, body: unknown) => jest.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }))

describe('loadIsVet', () => {
  it('asks the Function with the orderFormId, and caches the flag in session storage as is_vet', async () => {
    const storage = new MemoryStorage() as unknown as Storage
    const doFetch = answer(200, { isVet: true })
    await expect(loadIsVet({ person: giulia, orderFormId: 'of1', doFetch: doFetch as unknown as typeof fetch, storage })).resolves.toBe(true)
    expect(doFetch.mock.calls[0]![0]).toBe('/api/userAccount/getIsVet')
    expect(JSON.parse(String(doFetch.mock.calls[0]![1]!.body))).toEqual({ orderFormId: 'of1' })
    expect(JSON.parse(storage.getItem(IS_VET_KEY)!)).toEqual({ email: giulia.email, isVet: true })
    await expect(loadIsVet({ person: giulia, orderFormId: 'of1', doFetch: doFetch as unknown as typeof fetch, storage })).resolves.toBe(true)
    expect(doFetch).toHaveBeenCalledTimes(1)
  })

  it('asks again for another person in the same tab', async () => {
    const storage = new MemoryStorage() as unknown as Storage
    storage.setItem(IS_VET_KEY, JSON.stringify({ email: giulia.email, isVet: true }))
    const doFetch = answer(200, { isVet: false })
    await expect(loadIsVet({ person: mario, orderFormId: '', doFetch: doFetch as unknown as typeof fetch, storage })).resolves.toBe(false)
    expect(doFetch).toHaveBeenCalledTimes(1)
  })

  it('is false for a guest without asking', async () => {
    const doFetch = answer(200, { isVet: true })
    await expect(loadIsVet({ person: null, orderFormId: 'of1', doFetch: doFetch as unknown as typeof fetch, storage: new MemoryStorage() as unknown as Storage })).resolves.toBe(false)
    expect(doFetch).not.toHaveBeenCalled()
  })

  it('is false on a failure and does not cache it', async () => {
    const storage = new MemoryStorage() as unknown as Storage
    await expect(loadIsVet({ person: giulia, orderFormId: '', doFetch: answer(503, {}) as unknown as typeof fetch, storage })).resolves.toBe(false)
    const offline = jest.fn(async () => Promise.reject(new TypeError('offline')))
    await expect(loadIsVet({ person: giulia, orderFormId: '', doFetch: offline as unknown as typeof fetch, storage })).resolves.toBe(false)
    expect(storage.getItem(IS_VET_KEY)).toBeNull()
  })
})

import { onAnalyticsEvent, type AnalyticsEvent } from '../analytics/dataLayer'
import { WISHLIST_CACHE_KEY } from '../../config/constants'
import { addToWishlist, ensureWishlist, fetchWishlist, removeFromWishlist, resetWishlist, setWishlist, wishlistState } from './wishlist'

const person = { id: 'u1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const respond = (status: number, body: unknown) => jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch
const existing = { id: 'i1', sku: '100', productId: 'p1' }
const product2 = { sku: '200', productId: 'p2', name: 'Crocchette al salmone', brand: 'Zampa', price: 12.5 }

describe('wishlist rules (req WISH-01, WISH-02, ERR-06)', () => {
  let events: AnalyticsEvent[]
  let stop: () => void
  beforeEach(() => {
    events = []
    stop = onAnalyticsEvent((event) => events.push(event))
  })
  afterEach(() => stop())

  it('a successful add appends the item by sku and tracks add-to-wishlist and add_to_wishlist', async () => {
    const next = await addToWishlist([existing], person, product2, respond(200, { data: { addToList: 'i2' } }))
    expect(next).toEqual([existing, { id: 'i2', sku: '200', productId: 'p2' }])
    expect(events.map((e) => e.event)).toEqual(['add-to-wishlist', 'add_to_wishlist'])
    expect(events[0]).toMatchObject({ userId: 'u1', sku: '200', productId: 'p2' })
    expect(events[1]).toEqual({
      event: 'add_to_wishlist',
      ecommerce: {
        currency: 'EUR',
        value: 12.5,
        items: [{ item_id: 'p2', item_name: 'Crocchette al salmone', item_brand: 'Zampa', item_variant: '200', price: 12.5, quantity: 1 }],
      },
    })
  })

  it('adding a sku already there keeps one entry for it', async () => {
    const next = await addToWishlist([existing], person, { ...product2, sku: '100', productId: 'p1' }, respond(200, { data: { addToList: 'i1' } }))
    expect(next).toEqual([existing])
  })

  it('answers false when the add does not answer 200, and tracks nothing', async () => {
    await expect(addToWishlist([existing], person, product2, respond(401, { error: { code: 'unauthorized', message: 'x' } }))).resolves.toBe(false)
    await expect(addToWishlist([], person, product2, respond(503, { error: { code: 'backend_unavailable', message: 'x' } }))).resolves.toBe(false)
    expect(events).toEqual([])
  })

  it('a removal succeeds only when the answer says removed', async () => {
    await expect(removeFromWishlist([existing], person, existing, respond(200, { data: { removeFromList: true } }))).resolves.toEqual([])
    expect(events.map((e) => e.event)).toEqual(['remove-from-wishlist'])
    await expect(removeFromWishlist([existing], person, existing, respond(200, { data: { removeFromList: false } }))).resolves.toBe(false)
    await expect(removeFromWishlist([existing], person, existing, respond(500, { error: { code: 'internal', message: 'x' } }))).resolves.toBe(false)
    expect(events).toHaveLength(1)
  })

  it('a failing tracking handler is only logged: the add still succeeds', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const off = onAnalyticsEvent(() => {
      throw new Error('tag manager down')
    })
    await expect(addToWishlist([], person, product2, respond(200, { data: { addToList: 'i2' } }))).resolves.toHaveLength(1)
    expect(log).toHaveBeenCalled()
    off()
    log.mockRestore()
  })

  it('reads the list keyed by the person\'s email', async () => {
    const doFetch = respond(200, { data: { viewLists: [{ data: [existing] }] } })
    await expect(fetchWishlist(person, doFetch)).resolves.toEqual([existing])
    expect(String((doFetch as unknown as jest.Mock).mock.calls[0][0])).toContain('shopperId=mario.rossi%40example.it')
  })
})

describe('the wishlist every heart shares', () => {
  const memory = () => {
    const data = new Map<string, string>()
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data }
  }
  const listAnswer = (items: unknown[]) => respond(200, { data: { viewLists: [{ data: items }] } })
  beforeEach(() => resetWishlist())

  it('asks the platform once however many hearts ask, and keeps the list for the next page', async () => {
    const storage = memory()
    const doFetch = listAnswer([existing])
    await Promise.all([ensureWishlist(person, { doFetch, storage }), ensureWishlist(person, { doFetch, storage }), ensureWishlist(person, { doFetch, storage })])
    expect(doFetch).toHaveBeenCalledTimes(1)
    expect(wishlistState.read()).toEqual({ email: person.email, items: [existing] })
    expect(JSON.parse(storage.data.get(WISHLIST_CACHE_KEY)!)).toEqual({ email: person.email, items: [existing] })
  })

  it("shows the kept copy at once, never another person's, and keeps it when the platform fails", async () => {
    const storage = memory()
    storage.setItem(WISHLIST_CACHE_KEY, JSON.stringify({ email: person.email, items: [existing] }))
    const down = jest.fn(async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch
    const done = ensureWishlist(person, { doFetch: down, storage })
    expect(wishlistState.read()?.items).toEqual([existing])
    await done
    expect(wishlistState.read()?.items).toEqual([existing])

    resetWishlist()
    const giulia = { ...person, id: 'u2', email: 'giulia.bianchi@example.it' }
    const pending = ensureWishlist(giulia, { doFetch: down, storage })
    expect(wishlistState.read()).toBeNull()
    await pending
    // Nothing known and nothing kept: an empty list, so the hearts still work.
    expect(wishlistState.read()).toEqual({ email: giulia.email, items: [] })
  })

  it('a change made by one heart is what every heart and the kept copy show', () => {
    const storage = memory()
    const seen: unknown[] = []
    const stop = wishlistState.subscribe((state) => {
      seen.push(state?.items.map((i) => i.sku))
    })
    setWishlist(person, [existing, { id: 'i2', sku: '200', productId: 'p2' }], storage)
    stop()
    expect(seen).toEqual([['100', '200']])
    expect(JSON.parse(storage.data.get(WISHLIST_CACHE_KEY)!).items).toHaveLength(2)
  })
})


import { onAnalyticsEvent, type AnalyticsEvent } from '../analytics/dataLayer'
import { addToWishlist, fetchWishlist, removeFromWishlist } from './wishlist'

const person = { id: 'u1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const respond = (status: number, body: unknown) => jest.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch
const existing = { id: 'i1', sku: '100', productId: 'p1' }

describe('wishlist rules (spec §4, §8)', () => {
  let events: AnalyticsEvent[]
  let stop: () => void
  beforeEach(() => {
    events = []
    stop = onAnalyticsEvent((event) => events.push(event))
  })
  afterEach(() => stop())

  it('a successful add appends the item by sku and tracks add-to-wishlist and add_to_wishlist', async () => {
    const next = await addToWishlist([existing], person, { sku: '200', productId: 'p2' }, respond(200, { data: { addToList: 'i2' } }))
    expect(next).toEqual([existing, { id: 'i2', sku: '200', productId: 'p2' }])
    expect(events.map((e) => e.event)).toEqual(['add-to-wishlist', 'add_to_wishlist'])
    expect(events[0]).toMatchObject({ userId: 'u1', sku: '200', productId: 'p2' })
  })

  it('adding a sku already there keeps one entry for it', async () => {
    const next = await addToWishlist([existing], person, { sku: '100', productId: 'p1' }, respond(200, { data: { addToList: 'i1' } }))
    expect(next).toEqual([existing])
  })

  it('answers false when the add does not answer 200, and tracks nothing', async () => {
    await expect(addToWishlist([existing], person, { sku: '200', productId: 'p2' }, respond(401, { error: { code: 'unauthorized', message: 'x' } }))).resolves.toBe(false)
    await expect(addToWishlist([], person, { sku: '200', productId: 'p2' }, respond(503, { error: { code: 'platform_unavailable', message: 'x' } }))).resolves.toBe(false)
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
    await expect(addToWishlist([], person, { sku: '200', productId: 'p2' }, respond(200, { data: { addToList: 'i2' } }))).resolves.toHaveLength(1)
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

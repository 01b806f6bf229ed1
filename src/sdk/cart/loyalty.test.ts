import { createBaseStore } from '@faststore/sdk'
import { cartItem } from '../../testing/fixtures'
import { fetchMultiplier, linePoints, loadMultipliers, loyaltyPoints, parseMultiplier, resetMultipliers } from './loyalty'

const subscribed = (overrides: Parameters<typeof cartItem>[0]) => {
  const item = cartItem(overrides)
  item.itemOffered.additionalProperty = [{ name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' }]
  return item
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('loyalty points (spec §5)', () => {
  it('truncates the line total, then multiplies by the sku multiplier', () => {
    expect(linePoints(cartItem({ price: 10.99, quantity: 3 }))).toBe(32)
    expect(linePoints(cartItem({ price: 10.99, quantity: 3 }), 2)).toBe(64)
  })

  it('takes 0.95 of a subscription line first', () => {
    expect(linePoints(subscribed({ price: 19.99, quantity: 1 }))).toBe(18)
    expect(linePoints(subscribed({ price: 20, quantity: 1 }), 3)).toBe(57)
  })

  it('does not lose a point to floating point (10.1 × 3 is 30.3)', () => {
    expect(linePoints(cartItem({ price: 10.1, quantity: 3 }))).toBe(30)
    expect(linePoints(cartItem({ price: 0.1, quantity: 10 }))).toBe(1)
  })

  it('gives nothing for gifts, and sums the lines with multiplier 1 by default', () => {
    const items = [cartItem({ sku: '1', price: 5.5, quantity: 1 }), cartItem({ sku: '2', price: 7.9, quantity: 2 }), cartItem({ sku: '3', price: 0, isGift: true })]
    expect(loyaltyPoints(items)).toBe(5 + 15)
    expect(loyaltyPoints(items, { '2': 3 })).toBe(5 + 45)
  })

  it('reads the multiplier string and falls back to 1', () => {
    expect(parseMultiplier('sku-3')).toBe(3)
    expect(parseMultiplier('sku-1')).toBe(1)
    expect(parseMultiplier('sku-0')).toBe(1)
    expect(parseMultiplier('3')).toBe(1)
    expect(parseMultiplier(null)).toBe(1)
  })
})

describe('fetchMultiplier', () => {
  it("answers the Function's 'sku-multiplier' string", async () => {
    const doFetch = jest.fn(async () => answer(200, 'sku-2'))
    await expect(fetchMultiplier('1001', doFetch as unknown as typeof fetch)).resolves.toBe('sku-2')
    expect(doFetch).toHaveBeenCalledWith('/api/product/getLoyaltyMultiplier/1001', expect.anything())
  })

  it("falls back to 'sku-1' for an empty sku without asking, and on any failure", async () => {
    const never = jest.fn()
    await expect(fetchMultiplier('', never as unknown as typeof fetch)).resolves.toBe('sku-1')
    expect(never).not.toHaveBeenCalled()
    for (const doFetch of [async () => answer(404, { error: {} }), async () => answer(200, { weird: true }), async () => Promise.reject(new TypeError('offline'))]) {
      await expect(fetchMultiplier('1', doFetch as unknown as typeof fetch)).resolves.toBe('sku-1')
    }
  })
})

describe('loadMultipliers', () => {
  afterEach(() => resetMultipliers())

  it('asks each sku once, however often the cart changes', async () => {
    const store = createBaseStore<Record<string, number>>({})
    const doFetch = jest.fn(async (url: string) => answer(200, url.endsWith('/2') ? 'sku-3' : 'sku-1'))
    await loadMultipliers(['1', '2', '2'], doFetch as unknown as typeof fetch, store)
    await loadMultipliers(['1', '2'], doFetch as unknown as typeof fetch, store)
    expect(doFetch).toHaveBeenCalledTimes(2)
    expect(store.read()).toEqual({ '1': 1, '2': 3 })
    await loadMultipliers(['1', '2', '5'], doFetch as unknown as typeof fetch, store)
    expect(doFetch).toHaveBeenCalledTimes(3)
  })
})

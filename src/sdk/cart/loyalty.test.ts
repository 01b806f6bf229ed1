import { createBaseStore } from '@faststore/sdk'
import { fetchMultiplier, loadMultipliers, resetMultipliers } from './loyalty'

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

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
    const state = createBaseStore<Record<string, number>>({})
    const doFetch = jest.fn(async (url: string) => answer(200, url.endsWith('/2') ? 'sku-3' : 'sku-1'))
    await loadMultipliers(['1', '2', '2'], doFetch as unknown as typeof fetch, state)
    await loadMultipliers(['1', '2'], doFetch as unknown as typeof fetch, state)
    expect(doFetch).toHaveBeenCalledTimes(2)
    expect(state.read()).toEqual({ '1': 1, '2': 3 })
    await loadMultipliers(['1', '2', '5'], doFetch as unknown as typeof fetch, state)
    expect(doFetch).toHaveBeenCalledTimes(3)
  })
})

import { cartItem } from '../../testing/fixtures'
import type { Person } from '../../config/session'
import type { Cart } from '../../domain/types'
import { RequestError } from '../core/client'
import { emptySharedCart, restoreSharedCart, sharedCartApi, type SharedCartApi } from './sharedCart'

const mario: Person = { id: 'u-mario', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const cart = (id: string, ...skus: string[]): Cart => ({ id, items: skus.map((sku, index) => cartItem({ sku, index })), messages: [], shouldSplitItem: false })

function fakeApi(state: { owner?: { userId: string | null } | null; saved?: Cart | null; merged?: Cart } = {}) {
  const api = {
    savedCustomer: jest.fn(async () => state.owner ?? null),
    savedCart: jest.fn(async (_userId: string, nullOnEmpty: boolean) => (nullOnEmpty && state.saved?.items.length === 0 ? null : (state.saved ?? null))),
    save: jest.fn(async (_userId: string, id: string) => cart(id)),
    merge: jest.fn(async () => state.merged ?? cart('merged')),
  } satisfies SharedCartApi
  return api
}

describe('shared-cart restore (req SHARED-04, SHARED-05, SHARED-06, SHARED-07, SHARED-08, SHARED-09)', () => {
  it('1: asks who saved the cart first, by its id', async () => {
    const api = fakeApi()
    await restoreSharedCart(cart('of-1', 'a'), null, api)
    expect(api.savedCustomer).toHaveBeenCalledWith('of-1')
  })

  it("2: a cart saved by someone else, with another person logged in, loads that person's saved cart", async () => {
    const theirs = cart('of-mario', 'b')
    const api = fakeApi({ owner: { userId: null }, saved: theirs })
    await expect(restoreSharedCart(cart('of-giulia', 'a'), mario, api)).resolves.toEqual({ kind: 'load', cart: theirs })
    expect(api.savedCart).toHaveBeenCalledWith('u-mario', false)
    // Another customer's cart is never saved or merged for this person.
    expect(api.save).not.toHaveBeenCalled()
    expect(api.merge).not.toHaveBeenCalled()
  })

  it('2: ...or an empty cart when the person has no saved cart', async () => {
    const api = fakeApi({ owner: { userId: null }, saved: null })
    await expect(restoreSharedCart(cart('of-giulia', 'a'), mario, api)).resolves.toEqual({ kind: 'load', cart: emptySharedCart })
  })

  it('3: a cart saved by a customer on a guest device is an expired session', async () => {
    const api = fakeApi({ owner: { userId: null } })
    await expect(restoreSharedCart(cart('of-mario', 'a'), null, api)).resolves.toEqual({ kind: 'expired' })
    expect(api.savedCart).not.toHaveBeenCalled()
  })

  it('3: not when the platform names the caller as the saver (the browser has not read its person yet)', async () => {
    const api = fakeApi({ owner: { userId: 'u-mario' } })
    await expect(restoreSharedCart(cart('of-mario', 'a'), null, api)).resolves.toEqual({ kind: 'keep' })
  })

  it('4: an unsaved cart of a logged-in person is merged with COMBINE into their saved cart', async () => {
    const merged = cart('of-saved', 'a', 'b')
    const api = fakeApi({ owner: null, saved: cart('of-saved', 'b'), merged })
    await expect(restoreSharedCart(cart('of-here', 'a'), mario, api)).resolves.toEqual({ kind: 'load', cart: merged })
    expect(api.merge).toHaveBeenCalledWith('of-saved', 'of-here')
  })

  it('4: ...or saved for them when they have no saved cart', async () => {
    const api = fakeApi({ owner: null, saved: null })
    await expect(restoreSharedCart(cart('of-here', 'a'), mario, api)).resolves.toEqual({ kind: 'keep' })
    expect(api.save).toHaveBeenCalledWith('u-mario', 'of-here')
  })

  it('5: a cart with no id loads the logged-in person\'s saved cart, asking with nullOnEmpty', async () => {
    const saved = cart('of-saved', 'a')
    const api = fakeApi({ saved })
    await expect(restoreSharedCart(emptySharedCart, mario, api)).resolves.toEqual({ kind: 'load', cart: saved })
    expect(api.savedCart).toHaveBeenCalledWith('u-mario', true)
    expect(api.savedCustomer).not.toHaveBeenCalled()
  })

  it('5: ...and keeps the cart when there is none', async () => {
    await expect(restoreSharedCart(emptySharedCart, mario, fakeApi({ saved: null }))).resolves.toEqual({ kind: 'keep' })
  })

  it('keeps a guest cart nobody saved, and the cart the person already saved', async () => {
    await expect(restoreSharedCart(cart('of-1', 'a'), null, fakeApi())).resolves.toEqual({ kind: 'keep' })
    const api = fakeApi({ owner: { userId: 'u-mario' }, saved: cart('of-1', 'a') })
    await expect(restoreSharedCart(cart('of-1', 'a'), mario, api)).resolves.toEqual({ kind: 'keep' })
    expect(api.save).not.toHaveBeenCalled()
    expect(api.merge).not.toHaveBeenCalled()
  })

  it('saves a cart the person started while logged in (theirs, not yet saved) so other devices find it', async () => {
    const api = fakeApi({ owner: { userId: 'u-mario' }, saved: null })
    await expect(restoreSharedCart(cart('of-1', 'a'), mario, api)).resolves.toEqual({ kind: 'keep' })
    expect(api.save).toHaveBeenCalledWith('u-mario', 'of-1')
  })

  it('never wipes a saved cart with an empty local one (vtex/faststore#2261)', async () => {
    const saved = cart('of-saved', 'a', 'b')
    const api = fakeApi({ owner: null, saved, merged: saved })
    // An empty local cart with an id is combined into the saved one, never saved over it.
    await expect(restoreSharedCart(cart('of-empty'), mario, api)).resolves.toEqual({ kind: 'load', cart: saved })
    expect(api.save).not.toHaveBeenCalled()
    // An empty local cart with no id loads the saved one.
    await expect(restoreSharedCart(emptySharedCart, mario, fakeApi({ saved }))).resolves.toEqual({ kind: 'load', cart: saved })
  })

  it('settles: a second run on the restored cart changes nothing (no new order form each time, vtex/faststore#3188)', async () => {
    const saved = cart('of-saved', 'a')
    const state: { owner: { userId: string | null } | null; saved: Cart } = { owner: null, saved }
    const api = fakeApi(state)
    const first = await restoreSharedCart(cart('of-here', 'b'), mario, api)
    expect(first.kind).toBe('load')
    state.owner = { userId: 'u-mario' }
    state.saved = first.kind === 'load' ? first.cart : saved
    await expect(restoreSharedCart(first.kind === 'load' ? first.cart : emptySharedCart, mario, api)).resolves.toEqual({ kind: 'keep' })
    expect(api.merge).toHaveBeenCalledTimes(1)
    expect(api.save).not.toHaveBeenCalled()
  })
})

describe('sharedCartApi', () => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  it('retries a failing call up to 3 times and then rejects', async () => {
    const doFetch = jest.fn(async () => json(503, { error: { code: 'backend_unavailable', message: 'down' } }))
    await expect(sharedCartApi(doFetch as unknown as typeof fetch, 0).savedCustomer('of-1')).rejects.toBeInstanceOf(RequestError)
    expect(doFetch).toHaveBeenCalledTimes(3)
  })

  it('answers after a failure followed by a success', async () => {
    const doFetch = jest
      .fn()
      .mockResolvedValueOnce(json(502, { error: { code: 'backend_error', message: 'x' } }))
      .mockResolvedValueOnce(json(200, { data: { getSavedCustomer: { userId: null } } }))
    await expect(sharedCartApi(doFetch as unknown as typeof fetch, 0).savedCustomer('of-1')).resolves.toEqual({ userId: null })
    expect(doFetch).toHaveBeenCalledTimes(2)
  })

  it('does not retry a refusal (401/403): it cannot succeed', async () => {
    const doFetch = jest.fn(async () => json(403, { error: { code: 'forbidden', message: 'no' } }))
    await expect(sharedCartApi(doFetch as unknown as typeof fetch, 0).savedCart('u', false)).rejects.toMatchObject({ status: 403 })
    expect(doFetch).toHaveBeenCalledTimes(1)
  })
})

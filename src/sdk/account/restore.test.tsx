import { createBaseStore } from '@faststore/sdk'
import { SHARED_CART_CHECK_KEY } from '../../config/constants'
import { defaultSession, type Session } from '../../config/session'
import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { RequestError } from '../core/client'
import { startSharedCartRestore } from './restore'
import type { SharedCartApi } from './sharedCart'

const mario = { id: 'u-mario', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const theirs: Cart = { id: 'of-theirs', items: [cartItem({ sku: 'a' })], messages: [], shouldSplitItem: false }

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data }
}

function setup(api: Partial<SharedCartApi> = {}, cart: Cart = theirs, person: Session['person'] = null, isConfirmed = true) {
  const session = createBaseStore<Session>({ ...defaultSession, person })
  const confirmed = createBaseStore(isConfirmed)
  const cartState = createBaseStore<Cart>(cart)
  const storage = memoryStorage()
  let time = 1_000_000
  const full: SharedCartApi = {
    savedCustomer: jest.fn(async () => null),
    savedCart: jest.fn(async () => null),
    save: jest.fn(async (_u: string, id: string) => ({ ...theirs, id })),
    merge: jest.fn(async () => theirs),
    ...api,
  }
  const onExpired = jest.fn()
  const recheckCart = jest.fn()
  const runner = startSharedCartRestore({ session, confirmed, cart: cartState, api: full, storage, recheckCart, onExpired, now: () => time, intervalMs: 60_000 })
  return { session, confirmed, cartState, storage, api: full, onExpired, recheckCart, runner, advance: (ms: number) => (time += ms) }
}

describe('startSharedCartRestore', () => {
  afterEach(() => jest.restoreAllMocks())

  it('runs at start, then again only when the person changes or the interval has passed', async () => {
    const { api, runner, session, advance, storage } = setup()
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(1)
    expect(JSON.parse(storage.data.get(SHARED_CART_CHECK_KEY)!)).toEqual({ at: 1_000_000, personId: null, cartId: 'of-theirs' })
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(1)
    session.set({ ...defaultSession, person: mario })
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(2)
    advance(59_000)
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(2)
    advance(2_000)
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(3)
    runner.stop()
  })

  it('waits for the platform to confirm the person: the guest storage reads first is never taken as an answer', async () => {
    const marios: Cart = { id: 'of-mario', items: [cartItem({ sku: 'm' })], messages: [], shouldSplitItem: false }
    const { api, runner, confirmed, session, onExpired, cartState } = setup(
      { savedCustomer: jest.fn(async () => ({ userId: null })), savedCart: jest.fn(async () => marios) },
      theirs,
      null,
      false,
    )
    await runner.check()
    expect(api.savedCustomer).not.toHaveBeenCalled()
    // The cookie is a customer's: confirmed with the person, the run asks as them and loads their cart.
    session.set({ ...defaultSession, person: mario })
    confirmed.set(true)
    await runner.check()
    expect(api.savedCart).toHaveBeenCalledWith('u-mario', false)
    expect(onExpired).not.toHaveBeenCalled()
    expect(cartState.read()).toEqual(marios)
    runner.stop()
  })

  it("runs again when a logged-in person's cart gets another id, not a guest's", async () => {
    const { api, runner, session, cartState } = setup()
    await runner.check()
    cartState.set({ ...theirs, id: 'of-guest-2' })
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(1)
    session.set({ ...defaultSession, person: mario })
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(2)
    cartState.set({ ...theirs, id: 'of-new' })
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(3)
    runner.stop()
  })

  it('empties a guest\'s cart saved by a customer and shows the session-expired modal', async () => {
    const { runner, cartState, onExpired } = setup({ savedCustomer: jest.fn(async () => ({ userId: null })) })
    await runner.check()
    expect(onExpired).toHaveBeenCalledTimes(1)
    expect(cartState.read()).toMatchObject({ id: '', items: [] })
    runner.stop()
  })

  it('when the session ends, asks about the cart the device held for the person, even if validation already swapped it', async () => {
    let cookieIsMarios = true
    // The platform names the saver only to the saver's own cookie.
    const savedCustomer = jest.fn(async (id: string) => (id === 'of-theirs' ? { userId: cookieIsMarios ? 'u-mario' : null } : null))
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    // The platform cookie is gone, so the run still made as the person is refused.
    const savedCart = jest.fn().mockResolvedValueOnce(theirs).mockRejectedValue(new RequestError('log in first', 401))
    const { runner, session, cartState, onExpired } = setup({ savedCustomer, savedCart }, theirs, mario)
    await runner.check()
    cookieIsMarios = false
    cartState.set({ id: 'of-fresh-guest', items: [], messages: [], shouldSplitItem: false })
    session.set({ ...defaultSession, person: null })
    await runner.check()
    expect(savedCustomer).toHaveBeenLastCalledWith('of-theirs')
    expect(onExpired).toHaveBeenCalledTimes(1)
    runner.stop()
  })

  it('leaves the cart and the mark alone when the calls fail, so the next trigger asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    // The start's run and the check made during it both fail.
    const savedCustomer = jest.fn().mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('down')).mockResolvedValue(null)
    const { runner, cartState, storage, api } = setup({ savedCustomer })
    await runner.check()
    expect(cartState.read()).toBe(theirs)
    expect(storage.data.has(SHARED_CART_CHECK_KEY)).toBe(false)
    await runner.check()
    expect(api.savedCustomer).toHaveBeenCalledTimes(3)
    expect(storage.data.has(SHARED_CART_CHECK_KEY)).toBe(true)
    runner.stop()
  })

  it("reads a logged-in shopper's cart again from the platform on focus", async () => {
    const { runner, session, recheckCart } = setup()
    await runner.check()
    window.dispatchEvent(new Event('focus'))
    expect(recheckCart).not.toHaveBeenCalled()
    session.set({ ...defaultSession, person: mario })
    window.dispatchEvent(new Event('focus'))
    expect(recheckCart).toHaveBeenCalledTimes(1)
    runner.stop()
  })

  it("asks for a logged-in shopper's saved cart at page start and on focus while their cart is empty and has no id, whatever the interval", async () => {
    const empty: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }
    const filled: Cart = { id: 'of-saved', items: [cartItem({ sku: 'w' })], messages: [], shouldSplitItem: false }
    let saved: Cart | null = null
    const { api, runner, cartState } = setup({ savedCart: jest.fn(async () => saved) }, empty, mario)
    // The page started: the run asked once and found nothing saved.
    await runner.check()
    expect(api.savedCart).toHaveBeenCalledTimes(1)
    // Within the interval, a change of the cart state is no page event: nothing is asked.
    cartState.set({ ...empty })
    await runner.check()
    expect(api.savedCart).toHaveBeenCalledTimes(1)
    // Filled elsewhere (the account page's wishlist): the next focus finds it.
    saved = filled
    window.dispatchEvent(new Event('focus'))
    await runner.check()
    // (a third call follows: the loaded cart's new id is checked as every new id is)
    expect(api.savedCart).toHaveBeenNthCalledWith(2, 'u-mario', true)
    expect(cartState.read()).toEqual(filled)
    runner.stop()
  })

  it('does not ask again on focus when the empty-handed shopper is a guest, or the cart has lines', async () => {
    const local: Cart = { id: '', items: [cartItem({ sku: 'l' })], messages: [], shouldSplitItem: false }
    const { api, runner } = setup({}, local, mario)
    await runner.check()
    window.dispatchEvent(new Event('focus'))
    await runner.check()
    expect(api.savedCart).not.toHaveBeenCalled()
    runner.stop()
    const guest = setup({}, { id: '', items: [], messages: [], shouldSplitItem: false }, null)
    await guest.runner.check()
    window.dispatchEvent(new Event('focus'))
    await guest.runner.check()
    expect(guest.api.savedCart).not.toHaveBeenCalled()
    guest.runner.stop()
  })
})

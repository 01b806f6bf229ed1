import { createBaseStore } from '@faststore/sdk'
import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { CART_VERSION, persistCart, recoverCart, restoreCart } from './persisted'
import type { AgreedCart } from './validate'

const one = cartItem({ sku: '1', quantity: 2 })
const two = cartItem({ sku: '2', quantity: 1, price: 5, index: 1 })
const cart: Cart = { id: 'of1', items: [one, two], messages: [{ text: 'Ciao', status: 'info' }], shouldSplitItem: false }

/** A line as an older page or damaged storage may have left it. */
const broken = { id: 'x', quantity: 'two', itemOffered: {} }

describe('reading a stored cart back', () => {
  it('uses a cart of this version as it is', () => {
    expect(recoverCart({ ...cart, version: CART_VERSION })).toEqual({ cart, lost: false })
  })

  it('migrates a cart of an older release (no version) with every line', () => {
    expect(recoverCart(cart)).toEqual({ cart, lost: false })
  })

  it('keeps every good line of a cart with a broken one, reindexed, and says a line was lost', () => {
    const recovered = recoverCart({ ...cart, items: [one, broken, two], version: CART_VERSION })
    expect(recovered?.lost).toBe(true)
    expect(recovered?.cart.id).toBe('of1')
    expect(recovered?.cart.items.map((i) => [i.itemOffered.sku, i.quantity, i.index])).toEqual([
      ['1', 2, 0],
      ['2', 1, 1],
    ])
  })

  it('recovers a line that only names its sku and quantity, for validation to complete', () => {
    const bare = { quantity: 3, seller: { identifier: '1' }, itemOffered: { sku: '7', additionalProperty: [] } }
    const recovered = recoverCart({ id: 'of1', items: [bare, one] })
    expect(recovered?.lost).toBe(false)
    const line = recovered!.cart.items[0]!
    expect(line).toMatchObject({ quantity: 3, seller: { identifier: '1' }, itemOffered: { sku: '7' }, index: 0 })
    expect(line.id).toBe('7::1::0')
    expect(recovered!.cart.items[1]).toEqual({ ...one, index: 1 })
  })

  it('drops unreadable messages but keeps the lines', () => {
    const recovered = recoverCart({ ...cart, messages: [{ text: 1 }, { text: 'ok', status: 'warning' }] })
    expect(recovered?.cart.messages).toEqual([{ text: 'ok', status: 'warning' }])
    expect(recovered?.cart.items).toHaveLength(2)
  })

  it('reads nothing stored as nothing, and junk as an empty cart that lost something', () => {
    expect(recoverCart(undefined)).toBeNull()
    expect(recoverCart(null)).toBeNull()
    expect(recoverCart('cart')).toEqual({ cart: { id: '', items: [], messages: [], shouldSplitItem: false }, lost: true })
    expect(recoverCart({ id: 'of1', items: 'lots' })).toEqual({ cart: { id: 'of1', items: [], messages: [], shouldSplitItem: false }, lost: true })
  })
})

describe('restoring the cart to start from', () => {
  const platformCart = (...items: Cart['items']): Cart => ({ id: 'of1', items, messages: [], shouldSplitItem: false })

  it('does not ask the platform when nothing was lost', async () => {
    const readPlatformCart = jest.fn()
    await expect(restoreCart(cart, readPlatformCart)).resolves.toEqual(cart)
    expect(readPlatformCart).not.toHaveBeenCalled()
  })

  it("takes the platform's lines for what could not be read, keeping every local line", async () => {
    const three = cartItem({ sku: '3', quantity: 4 })
    const changedLocally = { ...one, quantity: 5 }
    const readPlatformCart = jest.fn(async () => platformCart(one, two, three, { ...cartItem({ sku: '9' }), isGift: true }))
    const restored = await restoreCart({ ...cart, items: [changedLocally, broken] }, readPlatformCart)
    expect(readPlatformCart).toHaveBeenCalledWith('of1')
    expect(restored?.items.map((i) => [i.itemOffered.sku, i.quantity, i.index])).toEqual([
      ['1', 5, 0],
      ['2', 1, 1],
      ['3', 4, 2],
    ])
  })

  it('keeps the recovered lines when the platform cannot be read, and asks nothing without an order form', async () => {
    const down = jest.fn(async () => Promise.reject(new Error('down')))
    expect((await restoreCart({ ...cart, items: [one, broken] }, down))?.items.map((i) => i.itemOffered.sku)).toEqual(['1'])
    const readPlatformCart = jest.fn()
    expect((await restoreCart({ id: '', items: [one, broken] }, readPlatformCart))?.items).toHaveLength(1)
    expect(readPlatformCart).not.toHaveBeenCalled()
  })
})

describe('persistCart', () => {
  const empty: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

  function setup(initial: unknown) {
    const idb = new Map<string, unknown>([['k', initial]])
    const state = createBaseStore<Cart>(empty)
    const load = persistCart(state, {
      key: 'k',
      readPlatformCart: async () => Promise.reject(new Error('down')),
      read: async (key) => idb.get(key),
      write: async (key, value) => void idb.set(key, value),
    })
    return { idb, state, load }
  }

  beforeAll(() => {
    // persistCart sets the state only in a browser.
    Object.assign(globalThis, { document: { addEventListener: jest.fn(), visibilityState: 'visible' } })
  })
  afterAll(() => {
    Reflect.deleteProperty(globalThis, 'document')
  })

  it('reads an older cart at start and writes it back with the version', async () => {
    const { idb, state } = setup(cart)
    await flush()
    expect(state.read()).toEqual(cart)
    expect(idb.get('k')).toEqual({ ...cart, version: CART_VERSION })
  })

  it('writes every change with the version and reads it again on load', async () => {
    const { idb, state, load } = setup(undefined)
    await flush()
    expect(state.read()).toEqual(empty)
    state.set({ ...empty, id: 'of2', items: [two] })
    await flush()
    expect(idb.get('k')).toEqual({ ...empty, id: 'of2', items: [two], version: CART_VERSION })
    idb.set('k', { ...cart, items: [one, broken], version: CART_VERSION })
    await load()
    expect(state.read().items.map((i) => i.itemOffered.sku)).toEqual(['1'])
  })

  it('keeps the lines the cart agreed on in its record, and reads them back before the cart, whose validation sends them', async () => {
    const agreedOn = { id: 'of1', lines: [{ quantity: 2, seller: { identifier: '1' }, itemOffered: { sku: '1', additionalProperty: [] } }] }
    const idb = new Map<string, unknown>([['k', { ...cart, version: CART_VERSION, agreed: agreedOn }]])
    const state = createBaseStore<Cart>(empty)
    const agreed = createBaseStore<AgreedCart | null>(null)
    const seenWithCart: (AgreedCart | null)[] = []
    state.subscribe(() => void seenWithCart.push(agreed.read()))
    const load = persistCart(state, { key: 'k', readPlatformCart: jest.fn(), read: async (key) => idb.get(key), write: async (key, value) => void idb.set(key, value), agreed })
    await flush()
    expect(state.read()).toEqual(cart)
    expect(seenWithCart).toEqual([agreedOn])
    // Another tab's record carries the lines its own cart agreed on; one without them (an older release's) carries none.
    const theirs = { id: 'of1', lines: [] }
    agreed.set(theirs)
    await flush()
    expect(idb.get('k')).toEqual({ ...cart, version: CART_VERSION, agreed: theirs })
    idb.set('k', { ...cart, version: CART_VERSION })
    await load()
    expect(agreed.read()).toBeNull()
    idb.set('k', { ...cart, version: CART_VERSION, agreed: { id: 'of1', lines: [{ quantity: 'two' }] } })
    await load()
    expect([agreed.read(), state.read()]).toEqual([null, cart])
  })

  it("starts from the state's initial cart when storage fails", async () => {
    const state = createBaseStore<Cart>({ ...cart })
    persistCart(state, {
      key: 'k',
      readPlatformCart: jest.fn(),
      read: () => Promise.reject(new Error('blocked')),
      write: () => Promise.reject(new Error('blocked')),
    })
    await flush()
    expect(state.read()).toEqual(cart)
  })
})

/**
 * @jest-environment jsdom
 */
import type { Cart } from '../../domain/types'
import { request as mockedRequest } from '../core/graphql'
import { cartItem } from '../../testing/fixtures'
import { cartState, CART_STATE_KEY, emptyCart, startCart } from './state'

/**
 * The project's cart store as the islands get it: persisted under
 * main::store::cart with its version and read back through the schema,
 * validated after every change, with the sdk's operations and their verbatim
 * errors (req CART-06, CART-08, CART-09, CART-10, ERR-02, ERR-03, ERR-04). IndexedDB and the GraphQL helper are stood in for.
 */
const mockIdb = new Map<string, unknown>()
jest.mock('idb-keyval', () => ({
  get: jest.fn(async (key: string) => mockIdb.get(key)),
  set: jest.fn(async (key: string, value: unknown) => void mockIdb.set(key, value)),
}))
jest.mock('../core/graphql', () => ({
  ...jest.requireActual('../core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

const olderRelease = cartItem({ sku: '5', quantity: 2 })
// What a release before the cart had a version left in the browser.
mockIdb.set('main::store::cart', { id: 'of0', items: [olderRelease, { id: 'broken' }], messages: [], shouldSplitItem: false })

const request = mockedRequest as jest.Mock

// Started once the stored cart is in place, as the browser's boot does: starting reads IndexedDB.
beforeAll(() => startCart())

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the cart store', () => {
  it('persists under main::store::cart', () => {
    expect(CART_STATE_KEY).toBe('main::store::cart')
  })

  it("reads an older release's cart back at start, keeps its readable lines and stores it again with a version", async () => {
    await flush()
    expect(cartState.read().id).toBe('of0')
    expect(cartState.read().items).toEqual([olderRelease])
    expect(mockIdb.get(CART_STATE_KEY)).toMatchObject({ id: 'of0', version: 1, items: [olderRelease] })
  })

  it('validates every change with the platform', async () => {
    request.mockClear()
    cartState.set({ ...emptyCart, id: 'of1', items: [cartItem({ sku: '1' })] })
    await flush()
    expect(request).toHaveBeenCalledWith('ValidateCartMutation', expect.objectContaining({ cart: { order: expect.objectContaining({ orderNumber: 'of1' }) } }))
  })

  it('reads the cart again when the tab regains focus, as another tab may have changed it', async () => {
    const other: Cart = { ...emptyCart, id: 'of2', items: [cartItem({ sku: '2' })], messages: [] }
    mockIdb.set(CART_STATE_KEY, { ...other, version: 1 })
    window.dispatchEvent(new Event('focus'))
    await flush()
    await flush()
    expect(cartState.read()).toEqual(other)
  })

  describe('operations', () => {
    beforeEach(() => cartState.set({ ...emptyCart, items: [] }))

    it('adds a new id as a new line and sums the quantity of an existing id', () => {
      cartState.addItem(cartItem({ sku: '1', quantity: 1 }))
      cartState.addItem(cartItem({ sku: '1', quantity: 2 }))
      cartState.addItem(cartItem({ sku: '2', quantity: 1 }))
      expect(cartState.read().items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([
        ['1', 3],
        ['2', 1],
      ])
    })

    it('updates, removes and empties', () => {
      const item = cartItem({ sku: '1' })
      cartState.addItem(item)
      cartState.updateItemQuantity(item.id, 5)
      expect(cartState.getItem(item.id)?.quantity).toBe(5)
      cartState.removeItem(item.id)
      expect(cartState.isEmpty()).toBe(true)
      cartState.addItem(item)
      cartState.emptyCart()
      expect(cartState.read().items).toEqual([])
    })

    it('rejects an item without id', () => {
      expect(() => cartState.addItem({ ...cartItem(), id: '' })).toThrow('[sdk]: You must provide an `id` for items')
    })

    it('rejects a quantity below zero', () => {
      expect(() => cartState.addItem(cartItem({ quantity: -1 }))).toThrow('[sdk]: Item quantity needs to be higher than zero')
    })

    it('rejects an update of an unknown id', () => {
      expect(() => cartState.updateItemQuantity('nope', 1)).toThrow('[sdk]: Item with id not found: nope')
    })
  })
})

describe('starting the cart', () => {
  it('reads nothing from storage until started, and a second start adds no second reader', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const idb = require('idb-keyval') as { get: jest.Mock }
      idb.get.mockClear()
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./state') as typeof import('./state')
      expect(idb.get).not.toHaveBeenCalled()
      fresh.startCart()
      fresh.startCart()
      expect(idb.get).toHaveBeenCalledTimes(1)
    })
  })

  it('says the kept cart is loaded only once it has been read back, the empty default until then saying nothing', async () => {
    let fresh: typeof import('./state') | undefined
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fresh = require('./state') as typeof import('./state')
    })
    expect(fresh!.cartLoaded.read()).toBe(false)
    fresh!.startCart()
    expect(fresh!.cartLoaded.read()).toBe(false)
    await flush()
    expect(fresh!.cartLoaded.read()).toBe(true)
  })
})

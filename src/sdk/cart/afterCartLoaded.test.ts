/**
 * @jest-environment jsdom
 */
import { cartItem } from '../../testing/fixtures'
import { cartCount } from './count'
import { afterCartLoaded, cartLoaded, cartState, CART_STATE_KEY, startCart } from './state'

/**
 * The cart starts after the page has hydrated (src/sdk/account/boot.ts), so an island may add before the
 * cart this browser kept is read back; reading it back sets the state. A change made then waits for it and
 * is applied on top of it, never overwritten by it.
 */
const mockIdb = new Map<string, unknown>()
let releaseRead = () => {}
jest.mock('idb-keyval', () => ({
  get: jest.fn(async (key: string) => {
    await new Promise<void>((resolve) => (releaseRead = resolve))
    return mockIdb.get(key)
  }),
  set: jest.fn(async (key: string, value: unknown) => void mockIdb.set(key, value)),
}))
jest.mock('../core/graphql', () => ({
  ...jest.requireActual('../core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

const kept = cartItem({ sku: '7', quantity: 2 })
mockIdb.set(CART_STATE_KEY, { id: 'of7', items: [kept], messages: [], shouldSplitItem: false, version: 1 })

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

it('applies a change made before the kept cart is read back on top of it, starting the cart if nothing had, and the header count follows', async () => {
  const added = cartItem({ sku: '8', quantity: 1 })
  afterCartLoaded(() => cartState.addItem(added))
  // Not applied yet: the kept cart is still being read.
  expect(cartState.read().items).toEqual([])
  expect(cartLoaded.read()).toBe(false)
  expect(cartCount.read()).toBe(0)

  await flush()
  releaseRead()
  await flush()
  await flush()
  expect(cartLoaded.read()).toBe(true)
  expect(cartState.read().id).toBe('of7')
  expect(cartState.read().items.map((item) => [item.itemOffered.sku, item.quantity])).toEqual([
    ['7', 2],
    ['8', 1],
  ])
  expect(cartCount.read()).toBe(3)
  await flush()
  expect(mockIdb.get(CART_STATE_KEY)).toMatchObject({ id: 'of7', items: [{ itemOffered: { sku: '7' } }, { itemOffered: { sku: '8' } }] })

  // Once read back, a change applies at once; a second start does nothing.
  startCart()
  afterCartLoaded(() => cartState.addItem(cartItem({ sku: '9', quantity: 1 })))
  expect(cartState.read().items).toHaveLength(3)
  expect(cartCount.read()).toBe(4)
})

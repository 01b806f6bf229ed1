import { createCartStore } from '@faststore/sdk'
import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { toastState } from '../shell/toasts'
import { addToCart, changeQuantity, clampQuantity, removeLine, replaceCart } from './operations'
import { cartState } from './state'
import { cartStatus } from './status'

jest.mock('../core/graphql', () => ({
  ...jest.requireActual('../core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

type Route = (body: Record<string, unknown> | undefined) => Response | Promise<Response>

/** A fetch answering per path; records every call and whether the cart showed validating during it. */
function platform(routes: Record<string, Route>) {
  const calls: { path: string; body?: Record<string, unknown>; validating: boolean }[] = []
  const doFetch = jest.fn(async (input: string, init?: RequestInit) => {
    const path = input.split('?')[0]!
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    calls.push({ path, body, validating: cartStatus.read().isValidating })
    const route = routes[path]
    if (!route) throw new TypeError('Failed to fetch')
    return route(body)
  })
  return { doFetch: doFetch as unknown as typeof fetch, calls }
}

const line = cartItem({ sku: '1', quantity: 2, maxQuantity: 5 })
const setCart = (cart: Partial<Cart>) => cartState.set({ id: 'of1', items: [line], messages: [], shouldSplitItem: false, ...cart })
const quantityOf = (sku: string) => cartState.read().items.find((i) => i.itemOffered.sku === sku)?.quantity

beforeEach(() => {
  toastState.set([])
  setCart({})
})

describe('cart operations (req CART-05, CART-06, CART-18, CART-20)', () => {
  let n = 0
  const make = () => createCartStore<Cart>({ id: 'of1', items: [], messages: [], shouldSplitItem: false }, undefined, `test::operations::${n++}`)

  it('a new id is an add, appended with its position as index', () => {
    const state = make()
    expect(addToCart(cartItem({ sku: '1' }), state)).toBe('add')
    expect(addToCart(cartItem({ sku: '2' }), state)).toBe('add')
    expect(state.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([
      ['1', 0],
      ['2', 1],
    ])
  })

  it('an existing id sums the quantities and counts as an update', () => {
    const state = make()
    addToCart(cartItem({ sku: '1', quantity: 2 }), state)
    expect(addToCart(cartItem({ sku: '1', quantity: 3 }), state)).toBe('update')
    expect(state.read().items).toHaveLength(1)
    expect(state.read().items[0]?.quantity).toBe(5)
  })

  it('sums into the same sku, seller and attachments even when the platform re-priced the line', () => {
    const state = make()
    const repriced = cartItem({ sku: '1', price: 9, quantity: 4 })
    state.set({ ...state.read(), items: [repriced] })
    expect(addToCart(cartItem({ sku: '1', price: 10, quantity: 1 }), state)).toBe('update')
    expect(state.read().items).toEqual([{ ...repriced, quantity: 5 }])
  })

  it('keeps a subscription of the same sku as a line of its own', () => {
    const state = make()
    addToCart(cartItem({ sku: '1' }), state)
    const subscription = cartItem({ sku: '1' })
    subscription.itemOffered.additionalProperty = [{ name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' }]
    subscription.id = `${subscription.id}::sub`
    expect(addToCart(subscription, state)).toBe('add')
    expect(state.read().items).toHaveLength(2)
  })

  it('replaces every line from a list and keeps the order form id', () => {
    const state = make()
    addToCart(cartItem({ sku: '1' }), state)
    const next = replaceCart([cartItem({ sku: '7', index: 4 }), cartItem({ sku: '8', index: 9 })], state)
    expect(next.id).toBe('of1')
    expect(state.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([
      ['7', 0],
      ['8', 1],
    ])
  })
})

describe('clampQuantity', () => {
  it('keeps the quantity between 1 and the line maximum', () => {
    expect(clampQuantity(line, 0)).toBe(1)
    expect(clampQuantity(line, -3)).toBe(1)
    expect(clampQuantity(line, 4)).toBe(4)
    expect(clampQuantity(line, 9)).toBe(5)
  })
})

describe('changeQuantity', () => {
  it('shows validating, updates the platform line, then the local quantity', async () => {
    const { doFetch, calls } = platform({ '/api/checkout/updateCartItem': () => json(200, {}) })
    await changeQuantity(line, 3, doFetch)
    expect(calls).toEqual([
      {
        path: '/api/checkout/updateCartItem',
        body: { orderFormId: 'of1', newItem: { quantity: 3, seller: { identifier: '1' }, itemOffered: { sku: '1', additionalProperty: [] } } },
        validating: true,
      },
    ])
    expect(quantityOf('1')).toBe(3)
    expect(toastState.read()).toEqual([])
  })

  it('never asks the platform for more than the maximum or less than 1', async () => {
    const { doFetch, calls } = platform({ '/api/checkout/updateCartItem': () => json(200, {}) })
    await changeQuantity(line, 50, doFetch)
    await changeQuantity(line, 0, doFetch)
    expect(calls.map((c) => (c.body?.newItem as { quantity: number }).quantity)).toEqual([5, 1])
    expect(quantityOf('1')).toBe(1)
  })

  it('on a refusal reloads the cart from the platform and shows the message for 2 s', async () => {
    const platformCart: Cart = { id: 'of1', items: [cartItem({ sku: '9' })], messages: [], shouldSplitItem: false }
    const { doFetch, calls } = platform({
      '/api/checkout/updateCartItem': () => json(404, { error: { code: 'not_found', message: 'no such line' } }),
      '/api/checkout/getCartInformation': () => json(200, platformCart),
    })
    await changeQuantity(line, 3, doFetch)
    expect(calls.map((c) => c.path)).toEqual(['/api/checkout/updateCartItem', '/api/checkout/getCartInformation'])
    expect(cartState.read().items.map((i) => i.itemOffered.sku)).toEqual(['9'])
    expect(toastState.read()).toMatchObject([{ text: 'Questo prodotto non è più presente nel carrello.', durationMs: 2000 }])
  })

  it('keeps the change locally when the platform cannot be reached, after trying to read the cart again, and says so', async () => {
    const down = () => json(503, { error: { code: 'backend_unavailable', message: 'down' } })
    const { doFetch, calls } = platform({ '/api/checkout/updateCartItem': down, '/api/checkout/getCartInformation': down })
    await changeQuantity(line, 4, doFetch)
    expect(calls.map((c) => c.path)).toEqual(['/api/checkout/updateCartItem', '/api/checkout/getCartInformation'])
    expect(quantityOf('1')).toBe(4)
    const offline = platform({})
    await changeQuantity({ ...line, quantity: 4 }, 5, offline.doFetch)
    expect(quantityOf('1')).toBe(5)
    const kept = 'Il carrello non risponde: la modifica è salvata su questo dispositivo e la invieremo appena possibile.'
    expect(toastState.read()).toMatchObject([
      { text: kept, status: 'error', durationMs: 2000 },
      { text: kept, status: 'error', durationMs: 2000 },
    ])
  })

  it('reloads the cart and says the quantity was not changed when the platform refuses it but still has the line', async () => {
    const { doFetch } = platform({
      '/api/checkout/updateCartItem': () => json(422, { error: { code: 'unprocessable', message: 'quantity out of range' } }),
      '/api/checkout/getCartInformation': () => json(200, { id: 'of1', items: [line], messages: [], shouldSplitItem: false }),
    })
    await changeQuantity(line, 4, doFetch)
    expect(quantityOf('1')).toBe(2)
    expect(toastState.read()).toMatchObject([
      { text: 'Non è stato possibile cambiare la quantità di questo prodotto: il carrello mostra quella registrata.', status: 'error', durationMs: 2000 },
    ])
  })

  it('takes the quantity the platform made after all when only its answer was lost, and says nothing', async () => {
    const { doFetch } = platform({
      '/api/checkout/updateCartItem': () => json(504, { error: { code: 'backend_timeout', message: 'slow' } }),
      '/api/checkout/getCartInformation': () => json(200, { id: 'of1', items: [{ ...line, quantity: 4 }], messages: [], shouldSplitItem: false }),
    })
    await changeQuantity(line, 4, doFetch)
    expect(quantityOf('1')).toBe(4)
    expect(toastState.read()).toEqual([])
  })

  it('names every other line the reloaded cart no longer holds (req CART-29)', async () => {
    const other = cartItem({ sku: '2', index: 1 })
    setCart({ items: [line, other] })
    const { doFetch } = platform({
      '/api/checkout/updateCartItem': () => json(404, { error: { code: 'not_found', message: 'no such line' } }),
      '/api/checkout/getCartInformation': () => json(200, { id: 'of1', items: [], messages: [], shouldSplitItem: false }),
    })
    await changeQuantity(line, 3, doFetch)
    expect(cartState.read().items).toEqual([])
    expect(toastState.read().map((t) => t.text)).toEqual([
      "«Prodotto 2 - 2 kg» non è più presente nel carrello: è stato tolto da un'altra scheda o da un altro dispositivo.",
      'Questo prodotto non è più presente nel carrello.',
    ])
  })

  it('keeps a line added on this device while the change was on its way, which the platform has not seen yet', async () => {
    const added = cartItem({ sku: '7', index: 1 })
    const { doFetch } = platform({
      '/api/checkout/updateCartItem': () => {
        // The shopper adds another product while the refused change is in flight.
        cartState.addItem(added)
        return json(404, { error: { code: 'not_found', message: 'no such line' } })
      },
      '/api/checkout/getCartInformation': () => json(200, { id: 'of1', items: [], messages: [], shouldSplitItem: false }),
    })
    await changeQuantity(line, 3, doFetch)
    expect(cartState.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([['7', 0]])
    expect(toastState.read().map((t) => t.text)).toEqual(['Questo prodotto non è più presente nel carrello.'])
  })

  it('changes a cart the platform has not confirmed (unsynced) locally only', async () => {
    cartStatus.set({ ...cartStatus.read(), unsynced: true })
    try {
      const { doFetch, calls } = platform({})
      await changeQuantity(line, 3, doFetch)
      expect(calls).toEqual([])
      expect(quantityOf('1')).toBe(3)
      expect(toastState.read()).toEqual([])
    } finally {
      cartStatus.set({ ...cartStatus.read(), unsynced: false })
    }
  })

  it('keeps the change locally when the order form is stale, so validation opens a fresh one with the lines', async () => {
    const placed = () => json(409, { error: { code: 'conflict', message: 'already placed' } })
    const { doFetch } = platform({ '/api/checkout/updateCartItem': placed, '/api/checkout/getCartInformation': placed })
    await changeQuantity(line, 3, doFetch)
    expect(quantityOf('1')).toBe(3)
    expect(toastState.read()).toEqual([])
  })

  it('finds the line validation re-priced (a new id for the same sku) and never adds a second one', async () => {
    const repriced = cartItem({ sku: '1', quantity: 2, price: 9, maxQuantity: 5 })
    setCart({ items: [repriced] })
    const { doFetch } = platform({ '/api/checkout/updateCartItem': () => json(200, {}) })
    await changeQuantity(line, 3, doFetch)
    expect(cartState.read().items).toEqual([{ ...repriced, quantity: 3 }])
  })

  it('changes a cart without an order form locally only', async () => {
    setCart({ id: '' })
    const { doFetch, calls } = platform({})
    await changeQuantity(line, 3, doFetch)
    expect(calls).toEqual([])
    expect(quantityOf('1')).toBe(3)
  })
})

describe('removeLine', () => {
  it('removes on the platform first, then locally', async () => {
    let localWhenCalled: number | undefined
    const { doFetch, calls } = platform({
      '/api/checkout/removeCartItem': () => {
        localWhenCalled = cartState.read().items.length
        return json(200, {})
      },
    })
    await removeLine(line, doFetch)
    expect(calls[0]?.body).toEqual({ orderFormId: 'of1', newItem: { seller: { identifier: '1' }, itemOffered: { sku: '1', additionalProperty: [] } } })
    expect(localWhenCalled).toBe(1)
    expect(cartState.read().items).toEqual([])
  })

  it('leaves the line in place when the platform fails, and rejects so the caller clears its loading state', async () => {
    const { doFetch } = platform({ '/api/checkout/removeCartItem': () => json(503, { error: { code: 'backend_unavailable', message: 'down' } }) })
    await expect(removeLine(line, doFetch)).rejects.toMatchObject({ status: 503 })
    expect(cartState.read().items).toHaveLength(1)
  })

  it('removes locally a line or order form the platform no longer has', async () => {
    const { doFetch } = platform({ '/api/checkout/removeCartItem': () => json(404, { error: { code: 'not_found', message: 'no such line' } }) })
    await removeLine(line, doFetch)
    expect(cartState.read().items).toEqual([])
  })
})

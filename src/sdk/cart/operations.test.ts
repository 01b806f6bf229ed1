import { createCartStore } from '@faststore/sdk'
import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { toastState } from '../shell/toasts'
import { changeQuantity, clampQuantity, removeLine } from './lineChanges'
import { addLocally, addToCart, replaceCart } from './operations'
import { request as mockedRequest } from '../core/graphql'
import { cartState, confirmCart } from './state'
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
    expect(addLocally(cartItem({ sku: '1' }), state)).toBe('add')
    expect(addLocally(cartItem({ sku: '2' }), state)).toBe('add')
    expect(state.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([
      ['1', 0],
      ['2', 1],
    ])
  })

  it('an existing id sums the quantities and counts as an update', () => {
    const state = make()
    addLocally(cartItem({ sku: '1', quantity: 2 }), state)
    expect(addLocally(cartItem({ sku: '1', quantity: 3 }), state)).toBe('update')
    expect(state.read().items).toHaveLength(1)
    expect(state.read().items[0]?.quantity).toBe(5)
  })

  it('sums into the same sku, seller and attachments even when the platform re-priced the line', () => {
    const state = make()
    const repriced = cartItem({ sku: '1', price: 9, quantity: 4 })
    state.set({ ...state.read(), items: [repriced] })
    expect(addLocally(cartItem({ sku: '1', price: 10, quantity: 1 }), state)).toBe('update')
    expect(state.read().items).toEqual([{ ...repriced, quantity: 5 }])
  })

  it('keeps a subscription of the same sku as a line of its own', () => {
    const state = make()
    addLocally(cartItem({ sku: '1' }), state)
    const subscription = cartItem({ sku: '1' })
    subscription.itemOffered.additionalProperty = [{ name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' }]
    subscription.id = `${subscription.id}::sub`
    expect(addLocally(subscription, state)).toBe('add')
    expect(state.read().items).toHaveLength(2)
  })

  it('replaces every line from a list and keeps the order form id', () => {
    const state = make()
    addLocally(cartItem({ sku: '1' }), state)
    const next = replaceCart([cartItem({ sku: '7', index: 4 }), cartItem({ sku: '8', index: 9 })], state)
    expect(next.id).toBe('of1')
    expect(state.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([
      ['7', 0],
      ['8', 1],
    ])
  })
})

describe('addToCart: the buy button’s add', () => {
  const request = mockedRequest as jest.Mock
  const pushes = () => request.mock.calls.filter(([name]) => name === 'ValidateCartMutation')
  const skus = () => cartState.read().items.map((i) => [i.itemOffered.sku, i.quantity])
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  /** The cart as the platform answers it: the lines, indexed by position. */
  const platformCart = (...items: ReturnType<typeof cartItem>[]): Cart => ({ id: 'of1', items: items.map((item, index) => ({ ...item, index })), messages: [], shouldSplitItem: false })
  const agreedCart = async (cart: Partial<Cart> = {}) => {
    setCart(cart)
    await settle()
    confirmCart(cartState.read())
    request.mockClear()
  }
  const added = cartItem({ sku: '7', quantity: 2 })
  const otherTab = cartItem({ sku: '9' })

  it('sends the line alone to the platform and takes the cart it answers, with a line another tab added, pushing nothing back', async () => {
    await agreedCart()
    const { doFetch, calls } = platform({ '/api/checkout/addCartItem': () => json(200, platformCart(line, otherTab, added)) })
    await expect(addToCart(added, doFetch)).resolves.toBe('add')
    expect(calls).toEqual([
      {
        path: '/api/checkout/addCartItem',
        body: { orderFormId: 'of1', newItem: { quantity: 2, seller: { identifier: '1' }, itemOffered: { sku: '7', additionalProperty: [] } } },
        validating: true,
      },
    ])
    expect(skus()).toEqual([['1', 2], ['9', 1], ['7', 2]])
    await settle()
    expect(pushes()).toEqual([])
    expect(cartStatus.read().isValidating).toBe(false)
  })

  it('shows the line at once, while the platform is asked', async () => {
    await agreedCart()
    let answer: (response: Response) => void = () => {}
    const { doFetch } = platform({ '/api/checkout/addCartItem': () => new Promise<Response>((resolve) => (answer = resolve)) })
    const adding = addToCart(added, doFetch)
    expect(skus()).toEqual([['1', 2], ['7', 2]])
    await settle()
    expect(pushes()).toEqual([])
    answer(json(200, platformCart(line, added)))
    await adding
    expect(skus()).toEqual([['1', 2], ['7', 2]])
  })

  it('sums into a line the cart holds and counts as an update', async () => {
    await agreedCart()
    const { doFetch } = platform({ '/api/checkout/addCartItem': () => json(200, platformCart({ ...line, quantity: 3 })) })
    await expect(addToCart(cartItem({ sku: '1' }), doFetch)).resolves.toBe('update')
    expect(skus()).toEqual([['1', 3]])
  })

  it('names a line the platform’s answer no longer holds, and shows its new messages', async () => {
    await agreedCart({ items: [line, cartItem({ sku: '2', index: 1 })] })
    const answer = { ...platformCart(line, added), messages: [{ text: 'Prezzo aggiornato', status: 'info' as const }] }
    const { doFetch } = platform({ '/api/checkout/addCartItem': () => json(200, answer) })
    await addToCart(added, doFetch)
    expect(toastState.read().map((t) => t.text)).toEqual(['Prezzo aggiornato', "«Prodotto 2 - 2 kg» non è più presente nel carrello: è stato tolto da un'altra scheda o da un altro dispositivo."])
  })

  it.each([
    ['cannot be reached', () => json(503, { error: { code: 'backend_unavailable', message: 'down' } })],
    ['is stale', () => json(409, { error: { code: 'conflict', message: 'placed' } })],
    ['answers something unreadable', () => json(200, {})],
  ])('keeps the line when the platform %s, and validation sends it with the lines the cart agreed on', async (_case, answer) => {
    await agreedCart()
    const { doFetch } = platform({ '/api/checkout/addCartItem': answer })
    await addToCart(added, doFetch)
    expect(skus()).toEqual([['1', 2], ['7', 2]])
    await settle()
    expect(pushes().at(-1)?.[1]).toMatchObject({
      cart: { order: { orderNumber: 'of1', acceptedOffer: [{ itemOffered: { sku: '1' } }, { itemOffered: { sku: '7' }, quantity: 2 }], agreedOffer: [{ itemOffered: { sku: '1' }, quantity: 2 }] } },
    })
    expect(toastState.read()).toEqual([])
  })

  it('takes a line the platform refuses back out, and says so', async () => {
    await agreedCart()
    const { doFetch } = platform({ '/api/checkout/addCartItem': () => json(422, { error: { code: 'unprocessable', message: 'too many' } }) })
    await addToCart(cartItem({ sku: '1', quantity: 30 }), doFetch)
    expect(skus()).toEqual([['1', 2]])
    expect(toastState.read()).toMatchObject([{ text: 'Non è stato possibile aggiungere il prodotto al carrello: non è disponibile nella quantità scelta.', status: 'error' }])
    await settle()
    expect(pushes()).toEqual([])
  })

  it.each([
    ['has no order form yet', async () => setCart({ id: '' })],
    ['is unsynced', async () => {
      await agreedCart()
      cartStatus.set({ ...cartStatus.read(), unsynced: true })
    }],
    ['holds a change the platform has not seen', async () => {
      await agreedCart()
      cartState.updateItemQuantity(cartState.read().items[0]!.id, 5)
    }],
  ])('adds locally only, for validation to send, when the cart %s', async (_case, prepare) => {
    try {
      await prepare()
      const { doFetch, calls } = platform({})
      await addToCart(added, doFetch)
      expect(calls).toEqual([])
      expect(skus().at(-1)).toEqual(['7', 2])
    } finally {
      cartStatus.set({ ...cartStatus.read(), unsynced: false })
    }
  })

  it('sends adds one after another, each shown on top of the answer before it', async () => {
    await agreedCart()
    const answers: ((response: Response) => void)[] = []
    const { doFetch, calls } = platform({ '/api/checkout/addCartItem': () => new Promise<Response>((resolve) => answers.push(resolve)) })
    const first = addToCart(added, doFetch)
    const second = addToCart(cartItem({ sku: '8' }), doFetch)
    await settle()
    expect(calls).toHaveLength(1)
    answers[0]!(json(200, platformCart(line, otherTab, added)))
    await first
    expect(skus()).toEqual([['1', 2], ['9', 1], ['7', 2], ['8', 1]])
    await settle()
    expect(calls).toHaveLength(2)
    answers[1]!(json(200, platformCart(line, otherTab, added, cartItem({ sku: '8' }))))
    await second
    expect(skus()).toEqual([['1', 2], ['9', 1], ['7', 2], ['8', 1]])
    await settle()
    expect(pushes()).toEqual([])
  })

  it('leaves the answer when the cart changed while the add was on its way: validation sends the cart as it is', async () => {
    await agreedCart()
    const { doFetch } = platform({
      '/api/checkout/addCartItem': () => {
        cartState.updateItemQuantity(cartState.read().items[0]!.id, 4)
        return json(200, platformCart(line, added))
      },
    })
    await addToCart(added, doFetch)
    expect(skus()).toEqual([['1', 4], ['7', 2]])
    await settle()
    expect(pushes().at(-1)?.[1]).toMatchObject({ cart: { order: { acceptedOffer: [{ quantity: 4 }, { quantity: 2 }] } } })
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

  it('takes the platform’s answer as the cart when the cart agreed with it, and pushes nothing back', async () => {
    setCart({})
    await new Promise((resolve) => setTimeout(resolve, 0))
    confirmCart(cartState.read())
    const request = mockedRequest as jest.Mock
    request.mockClear()
    const answer: Cart = { id: 'of1', items: [{ ...line, quantity: 3 }, cartItem({ sku: '9', index: 1 })], messages: [], shouldSplitItem: false }
    const { doFetch } = platform({ '/api/checkout/updateCartItem': () => json(200, answer) })
    await changeQuantity(line, 3, doFetch)
    expect(cartState.read().items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([['1', 3], ['9', 1]])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(request.mock.calls.filter(([name]) => name === 'ValidateCartMutation')).toEqual([])
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

  it('takes the platform’s answer as the cart when the cart agreed with it', async () => {
    setCart({})
    await new Promise((resolve) => setTimeout(resolve, 0))
    confirmCart(cartState.read())
    const { doFetch } = platform({ '/api/checkout/removeCartItem': () => json(200, { id: 'of1', items: [cartItem({ sku: '9' })], messages: [], shouldSplitItem: false }) })
    await removeLine(line, doFetch)
    expect(cartState.read().items.map((i) => i.itemOffered.sku)).toEqual(['9'])
    expect(toastState.read()).toEqual([])
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

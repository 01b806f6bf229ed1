import { createCartStore } from '@faststore/sdk'
import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { addToCart, replaceCart } from './operations'

describe('cart operations (spec §4)', () => {
  let n = 0
  const make = () => createCartStore<Cart>({ id: 'of1', items: [], messages: [], shouldSplitItem: false }, undefined, `test::operations::${n++}`)

  it('a new id is an add, appended with its position as index', () => {
    const store = make()
    expect(addToCart(cartItem({ sku: '1' }), store)).toBe('add')
    expect(addToCart(cartItem({ sku: '2' }), store)).toBe('add')
    expect(store.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([
      ['1', 0],
      ['2', 1],
    ])
  })

  it('an existing id sums the quantities and counts as an update', () => {
    const store = make()
    addToCart(cartItem({ sku: '1', quantity: 2 }), store)
    expect(addToCart(cartItem({ sku: '1', quantity: 3 }), store)).toBe('update')
    expect(store.read().items).toHaveLength(1)
    expect(store.read().items[0]?.quantity).toBe(5)
  })

  it('sums into the same sku, seller and attachments even when the platform re-priced the line', () => {
    const store = make()
    const repriced = cartItem({ sku: '1', price: 9, quantity: 4 })
    store.set({ ...store.read(), items: [repriced] })
    expect(addToCart(cartItem({ sku: '1', price: 10, quantity: 1 }), store)).toBe('update')
    expect(store.read().items).toEqual([{ ...repriced, quantity: 5 }])
  })

  it('keeps a subscription of the same sku as a line of its own', () => {
    const store = make()
    addToCart(cartItem({ sku: '1' }), store)
    const subscription = cartItem({ sku: '1' })
    subscription.itemOffered.additionalProperty = [{ name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' }]
    subscription.id = `${subscription.id}::sub`
    expect(addToCart(subscription, store)).toBe('add')
    expect(store.read().items).toHaveLength(2)
  })

  it('replaces every line from a list and keeps the order form id', () => {
    const store = make()
    addToCart(cartItem({ sku: '1' }), store)
    const next = replaceCart([cartItem({ sku: '7', index: 4 }), cartItem({ sku: '8', index: 9 })], store)
    expect(next.id).toBe('of1')
    expect(store.read().items.map((i) => [i.itemOffered.sku, i.index])).toEqual([
      ['7', 0],
      ['8', 1],
    ])
  })
})

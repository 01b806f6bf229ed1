import { createCartStore } from '@faststore/sdk'
import { cartItem } from '../../testing/fixtures'
import type { Cart } from '../../domain/types'

/**
 * The sdk's cart operations and their verbatim errors (spec §4, §5). Stores
 * are singletons per namespace, so each test takes a namespace of its own.
 */
describe('cart store operations', () => {
  const empty: Cart = { id: '', items: [], messages: [], shouldSplitItem: false }
  let n = 0
  const make = () => createCartStore<Cart>(structuredClone(empty), undefined, `test::cart::${n++}`)

  it('adds a new id as a new line and sums the quantity of an existing id', () => {
    const store = make()
    store.addItem(cartItem({ sku: '1', quantity: 1 }))
    store.addItem(cartItem({ sku: '1', quantity: 2 }))
    store.addItem(cartItem({ sku: '2', quantity: 1 }))
    expect(store.read().items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([
      ['1', 3],
      ['2', 1],
    ])
  })

  it('updates, removes and empties', () => {
    const store = make()
    const item = cartItem({ sku: '1' })
    store.addItem(item)
    store.updateItemQuantity(item.id, 5)
    expect(store.getItem(item.id)?.quantity).toBe(5)
    store.removeItem(item.id)
    expect(store.isEmpty()).toBe(true)
    store.addItem(item)
    store.emptyCart()
    expect(store.read().items).toEqual([])
  })

  it('rejects an item without id', () => {
    expect(() => make().addItem({ ...cartItem(), id: '' })).toThrow('[sdk]: You must provide an `id` for items')
  })

  it('rejects a quantity below zero', () => {
    expect(() => make().addItem(cartItem({ quantity: -1 }))).toThrow('[sdk]: Item quantity needs to be higher than zero')
  })

  it('rejects an update of an unknown id', () => {
    expect(() => make().updateItemQuantity('nope', 1)).toThrow('[sdk]: Item with id not found: nope')
  })
})

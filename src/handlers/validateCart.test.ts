import { cartItem } from '../testing/fixtures'
import type { Commerce } from '../commerce/capabilities'
import { cartItemId } from '../domain/cart'
import { CommerceError, OrderPlacedError } from '../commerce/errors'
import { toOffer } from '../sdk/cart/validate'
import type { Cart, LineInput } from '../domain/types'
import { validateCart } from './validateCart'

/** A cart adapter holding order forms in memory; prices come from its own price list, as on a platform. */
function fakeCommerce(prices: Record<string, number>, forms: Record<string, Cart> = {}) {
  let next = 1
  const calls: string[] = []
  const price = (sku: string) => {
    const value = prices[sku]
    if (value === undefined) throw new CommerceError(404, 'not_found', `unknown sku ${sku}`)
    return value
  }
  const build = (id: string, lines: LineInput[]): Cart => ({
    id,
    messages: [],
    shouldSplitItem: false,
    items: lines.map((line, index) => {
      const item = cartItem({ sku: line.sku, price: price(line.sku), quantity: line.quantity, index })
      return { ...item, id: cartItemId({ sku: line.sku, seller: line.seller, price: price(line.sku) }) }
    }),
  })
  const commerce: Pick<Commerce, 'cart'> = {
    cart: {
      get: async (id) => {
        calls.push(`get ${id}`)
        const form = forms[id]
        if (!form) throw new CommerceError(404, 'not_found', 'no such order form')
        return form
      },
      create: async () => {
        const id = `new-${next++}`
        calls.push(`create ${id}`)
        forms[id] = build(id, [])
        return forms[id]!
      },
      replaceItems: async (id, lines) => {
        calls.push(`replace ${id} ${lines.map((l) => `${l.sku}x${l.quantity}`).join(',')}`)
        forms[id] = build(id, lines)
        return forms[id]!
      },
      setItems: async (id, lines) => {
        calls.push(`set ${id} ${lines.map((l) => `${l.sku}x${l.quantity}`).join(',')}`)
        const form = forms[id]
        if (!form) throw new CommerceError(404, 'not_found', 'no such order form')
        const held: LineInput[] = form.items.map((i) => ({ sku: i.itemOffered.sku, seller: i.seller.identifier, quantity: i.quantity, attachments: [] }))
        for (const line of lines) {
          const at = held.findIndex((h) => h.sku === line.sku)
          if (at < 0) held.push(line)
          else held[at] = line
        }
        forms[id] = build(id, held.filter((h) => h.quantity > 0))
        return forms[id]!
      },
      addItem: async () => {
        throw new Error('not used')
      },
      updateItem: async () => {
        throw new Error('not used')
      },
      removeItem: async () => {
        throw new Error('not used')
      },
    },
  }
  return { commerce, forms, calls }
}

const offersOf = (cart: Cart) => cart.items.map(toOffer)

describe('validateCart', () => {
  it('answers null for an empty cart that has no order form yet, without creating one', async () => {
    const { commerce, calls } = fakeCommerce({})
    await expect(validateCart(commerce.cart, { orderNumber: '', acceptedOffer: [] }, {})).resolves.toBeNull()
    expect(calls).toEqual([])
  })

  it('creates an order form for a new cart and answers the platform cart', async () => {
    const { commerce, calls } = fakeCommerce({ '1': 10 })
    const local: Cart = { id: '', items: [cartItem({ sku: '1', quantity: 2 })], messages: [], shouldSplitItem: false }
    const result = await validateCart(commerce.cart, { orderNumber: '', acceptedOffer: offersOf(local) }, {})
    expect(calls).toEqual(['create new-1', 'replace new-1 1x2'])
    expect(result?.id).toBe('new-1')
    expect(result?.items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([['1', 2]])
  })

  it('answers null when the platform already agrees with the browser', async () => {
    const { commerce, forms, calls } = fakeCommerce({ '1': 10 })
    const platformCart = await commerce.cart.replaceItems((await commerce.cart.create({})).id, [{ sku: '1', seller: '1', quantity: 2, attachments: [] }], {})
    calls.length = 0
    const result = await validateCart(commerce.cart, { orderNumber: platformCart.id, acceptedOffer: offersOf(forms[platformCart.id]!) }, {})
    expect(result).toBeNull()
    expect(calls).toEqual([`get ${platformCart.id}`])
  })

  it('answers the platform cart when its price differs from the browser one', async () => {
    const { commerce } = fakeCommerce({ '1': 8 })
    const id = (await commerce.cart.create({})).id
    const local: Cart = { id, items: [cartItem({ sku: '1', price: 10 })], messages: [], shouldSplitItem: false }
    const result = await validateCart(commerce.cart, { orderNumber: id, acceptedOffer: offersOf(local) }, {})
    expect(result?.items[0]?.price).toBe(8)
  })

  it.each([404, 409])('replaces a missing or conflicting order form (%s) with a fresh one that keeps the lines', async (status) => {
    const { commerce } = fakeCommerce({ '1': 10 })
    commerce.cart.get = async () => {
      throw new CommerceError(status, 'not_found', 'stale')
    }
    const local: Cart = { id: 'gone', items: [cartItem({ sku: '1', quantity: 3 })], messages: [], shouldSplitItem: false }
    const result = await validateCart(commerce.cart, { orderNumber: 'gone', acceptedOffer: offersOf(local) }, {})
    expect(result?.id).toBe('new-1')
    expect(result?.items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([['1', 3]])
  })

  it.each([
    ['PF-1042', 'Ordine PF-1042 ricevuto: il carrello è di nuovo vuoto.'],
    [null, 'Ordine ricevuto: il carrello è di nuovo vuoto.'],
  ])('replaces a placed order form (order %s) with a fresh empty one and says the order was received', async (orderNumber, text) => {
    const { commerce, calls } = fakeCommerce({ '1': 10 })
    commerce.cart.get = async (id) => {
      throw new OrderPlacedError(id, orderNumber)
    }
    const local: Cart = { id: 'bought', items: [cartItem({ sku: '1', quantity: 3 })], messages: [], shouldSplitItem: false }
    const result = await validateCart(commerce.cart, { orderNumber: 'bought', acceptedOffer: offersOf(local) }, {})
    expect(result).toMatchObject({ id: 'new-1', items: [], messages: [{ text, status: 'info' }] })
    // The bought lines are never written into the new cart.
    expect(calls.filter((c) => c.startsWith('replace'))).toEqual([])
  })

  it("replaces another customer's order form (403) with a fresh empty one: their lines never reach this shopper", async () => {
    const { commerce, calls } = fakeCommerce({ '1': 10 })
    commerce.cart.get = async () => {
      throw new CommerceError(403, 'forbidden', 'foreign')
    }
    const local: Cart = { id: 'theirs', items: [cartItem({ sku: '1', quantity: 3 })], messages: [], shouldSplitItem: false }
    const result = await validateCart(commerce.cart, { orderNumber: 'theirs', acceptedOffer: offersOf(local) }, {})
    expect(result).toMatchObject({ id: 'new-1', items: [] })
    expect(calls.filter((c) => c.startsWith('replace'))).toEqual([])
  })

  it('does not send gift lines to the platform', async () => {
    const { commerce, calls } = fakeCommerce({ '1': 10 })
    const local: Cart = {
      id: '',
      items: [cartItem({ sku: '1' }), cartItem({ sku: '9', price: 0, isGift: true, index: 1 })],
      messages: [],
      shouldSplitItem: false,
    }
    await validateCart(commerce.cart, { orderNumber: '', acceptedOffer: offersOf(local) }, {})
    expect(calls).toContain('replace new-1 1x1')
  })

  it('keeps a line the platform prices at 0 without calling it a gift', async () => {
    const { commerce, calls } = fakeCommerce({ '1': 0 })
    const local: Cart = { id: '', items: [cartItem({ sku: '1', price: 0, quantity: 2 })], messages: [], shouldSplitItem: false }
    await validateCart(commerce.cart, { orderNumber: '', acceptedOffer: offersOf(local) }, {})
    expect(calls).toContain('replace new-1 1x2')
  })

  it('merges browser lines with the same sku, seller and attachments', async () => {
    const { commerce, calls } = fakeCommerce({ '1': 10 })
    const local: Cart = { id: '', items: [cartItem({ sku: '1', quantity: 1 }), cartItem({ sku: '1', quantity: 2, price: 9 })], messages: [], shouldSplitItem: false }
    await validateCart(commerce.cart, { orderNumber: '', acceptedOffer: offersOf(local) }, {})
    expect(calls).toContain('replace new-1 1x3')
  })

  describe('with the lines the browser last agreed on (agreedOffer)', () => {
    const agreedOf = (cart: Cart) => cart.items.map(({ quantity, seller, itemOffered }) => ({ quantity, seller, itemOffered: { sku: itemOffered.sku, additionalProperty: itemOffered.additionalProperty } }))
    const startedWith = async (commerce: Pick<Commerce, 'cart'>, lines: LineInput[]) => commerce.cart.replaceItems((await commerce.cart.create({})).id, lines, {})
    const line = (sku: string, quantity = 1): LineInput => ({ sku, seller: '1', quantity, attachments: [] })

    it('sets only the lines the browser changed since, in one call that finds the order form, and keeps a line another tab added meanwhile', async () => {
      const { commerce, calls } = fakeCommerce({ '1': 10, '2': 10, '3': 10 })
      const agreed = await startedWith(commerce, [line('1')])
      // Another tab adds sku 3 to the same order form; this one added sku 2 and took sku 1 to 2 units.
      await commerce.cart.setItems(agreed.id, [line('3')], {})
      calls.length = 0
      const local: Cart = { ...agreed, items: [cartItem({ sku: '1', quantity: 2 }), cartItem({ sku: '2', index: 1 })] }
      const result = await validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(local), agreedOffer: agreedOf(agreed) }, {})
      expect(calls).toEqual([`set ${agreed.id} 1x2,2x1`])
      expect(result?.items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([['1', 2], ['3', 1], ['2', 1]])
    })

    it('takes away a line the browser removed, and never brings back one another tab removed', async () => {
      const { commerce, calls } = fakeCommerce({ '1': 10, '2': 10, '3': 10 })
      const agreed = await startedWith(commerce, [line('1'), line('2'), line('3')])
      await commerce.cart.setItems(agreed.id, [line('3', 0)], {})
      calls.length = 0
      const local: Cart = { ...agreed, items: [cartItem({ sku: '2', index: 0 }), cartItem({ sku: '3', index: 1 })] }
      const result = await validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(local), agreedOffer: agreedOf(agreed) }, {})
      expect(calls).toEqual([`set ${agreed.id} 1x0`])
      expect(result?.items.map((i) => i.itemOffered.sku)).toEqual(['2'])
    })

    it('reads the order form, changing nothing, when the browser changed nothing since', async () => {
      const { commerce, calls } = fakeCommerce({ '1': 10, '3': 10 })
      const agreed = await startedWith(commerce, [line('1')])
      await commerce.cart.setItems(agreed.id, [line('3')], {})
      calls.length = 0
      const result = await validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(agreed), agreedOffer: agreedOf(agreed) }, {})
      expect(calls).toEqual([`get ${agreed.id}`])
      expect(result?.items.map((i) => i.itemOffered.sku)).toEqual(['1', '3'])
    })

    it('two tabs each bringing a new line from the same agreed cart: both lines are kept, whichever comes first', async () => {
      const { commerce } = fakeCommerce({ '1': 10, '2': 10, '3': 10 })
      const agreed = await startedWith(commerce, [line('1')])
      const tab = (sku: string): Cart => ({ ...agreed, items: [...agreed.items, cartItem({ sku, index: 1 })] })
      await validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(tab('2')), agreedOffer: agreedOf(agreed) }, {})
      const second = await validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(tab('3')), agreedOffer: agreedOf(agreed) }, {})
      expect(second?.items.map((i) => i.itemOffered.sku)).toEqual(['1', '2', '3'])
      // The same push again (a retry after a lost answer) changes nothing more.
      const again = await validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(tab('3')), agreedOffer: agreedOf(agreed) }, {})
      expect(again?.items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([['1', 1], ['2', 1], ['3', 1]])
    })

    it.each([
      ['gone', new CommerceError(404, 'not_found', 'no such order form'), ['1']],
      ['another customer’s', new CommerceError(403, 'forbidden', 'theirs'), []],
      ['placed', new OrderPlacedError('x', 'PF-7'), []],
    ] as const)('gives way to a fresh order form when the agreed one is %s, as without them', async (_name, error, skus) => {
      const { commerce } = fakeCommerce({ '1': 10 })
      commerce.cart.get = commerce.cart.setItems = async () => {
        throw error
      }
      const local: Cart = { id: 'old', items: [cartItem({ sku: '1' })], messages: [], shouldSplitItem: false }
      const result = await validateCart(commerce.cart, { orderNumber: 'old', acceptedOffer: offersOf(local), agreedOffer: [] }, {})
      expect(result?.id).toBe('new-1')
      expect(result?.items.map((i) => i.itemOffered.sku)).toEqual(skus)
    })

    it('passes on the refusal of an sku the platform does not sell, its order form being there', async () => {
      const { commerce } = fakeCommerce({ '1': 10 })
      const agreed = await startedWith(commerce, [line('1')])
      const local: Cart = { ...agreed, items: [...agreed.items, cartItem({ sku: '404', index: 1 })] }
      commerce.cart.setItems = async () => {
        throw new CommerceError(404, 'not_found', 'unknown sku 404')
      }
      await expect(validateCart(commerce.cart, { orderNumber: agreed.id, acceptedOffer: offersOf(local), agreedOffer: agreedOf(agreed) }, {})).rejects.toMatchObject({ status: 404 })
    })
  })

  it('passes platform faults through', async () => {
    const { commerce } = fakeCommerce({})
    commerce.cart.get = async () => {
      throw new CommerceError(503, 'backend_unavailable', 'down')
    }
    await expect(validateCart(commerce.cart, { orderNumber: 'x', acceptedOffer: [] }, {})).rejects.toMatchObject({ status: 503 })
  })
})

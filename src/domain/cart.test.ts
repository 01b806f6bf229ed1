import { cartItem } from '../testing/fixtures'
import { cartItemId, cartTotals, isSameCart, lineKey, splitGifts, droppedLines, subscriptionAttachment } from './cart'

describe('cartItemId', () => {
  it('joins sku, seller and price', () => {
    expect(cartItemId({ sku: '1001', seller: '1', price: 10.5 })).toBe('1001::1::10.5')
  })

  it('adds the attachment ids and ignores other properties', () => {
    const id = cartItemId({
      sku: '1001',
      seller: '1',
      price: 10,
      additionalProperty: [
        { name: 'vtex.subscription.frequenza', value: '1 mese', valueReference: 'ATTACHMENT' },
        { name: 'colore', value: 'rosso', valueReference: 'PROPERTY' },
      ],
    })
    expect(id).toBe('1001::1::10::vtex.subscription.frequenza:1 mese:ATTACHMENT')
  })

  it('treats a price under one cent as 0, so gifts share one id shape', () => {
    expect(cartItemId({ sku: '9', seller: '1', price: 0.001 })).toBe('9::1::0')
  })
})

describe('isSameCart', () => {
  const a = { id: 'of1', items: [cartItem({ sku: '1', quantity: 2 }), cartItem({ sku: '2', index: 1 })] }

  it('is true for equal ids and lines', () => {
    expect(isSameCart(a, structuredClone(a))).toBe(true)
  })

  it.each([
    ['id', { ...a, id: 'of2' }],
    ['quantity', { ...a, items: [cartItem({ sku: '1', quantity: 3 }), a.items[1]!] }],
    ['price', { ...a, items: [{ ...a.items[0]!, price: 9 }, a.items[1]!] }],
    ['listPrice', { ...a, items: [{ ...a.items[0]!, listPrice: 99 }, a.items[1]!] }],
    ['index', { ...a, items: [a.items[0]!, { ...a.items[1]!, index: 5 }] }],
    ['seller', { ...a, items: [{ ...a.items[0]!, seller: { identifier: '2' } }, a.items[1]!] }],
    ['line count', { ...a, items: [a.items[0]!] }],
    ['order', { ...a, items: [a.items[1]!, a.items[0]!] }],
  ])('is false when the %s differs', (_field, other) => {
    expect(isSameCart(a, other)).toBe(false)
  })
})

describe('cartTotals', () => {
  it('sums price and listPrice times quantity, counts every line as unique and leaves gifts out of the units', () => {
    const items = [
      cartItem({ sku: '1', price: 10.1, listPrice: 12, quantity: 3 }),
      cartItem({ sku: '2', price: 4.99, listPrice: 4.99, quantity: 1 }),
      cartItem({ sku: '3', price: 0, listPrice: 5, quantity: 1, isGift: true }),
    ]
    expect(cartTotals(items)).toEqual({ totalUniqueItems: 3, totalItems: 4, total: 35.29, subTotal: 45.99 })
  })

  it('rounds to cents', () => {
    expect(cartTotals([cartItem({ price: 0.1, quantity: 3 })]).total).toBe(0.3)
  })
})

describe('splitGifts', () => {
  it('lists gifts apart', () => {
    const gift = cartItem({ sku: '9', price: 0, isGift: true })
    const line = cartItem({ sku: '1' })
    expect(splitGifts([gift, line])).toEqual({ lines: [line], gifts: [gift] })
  })
})

describe('lineKey', () => {
  it('does not depend on attachment order', () => {
    const a = lineKey({ sku: '1', seller: '1', attachments: [{ name: 'a', value: '1' }, { name: 'b', value: '2' }] })
    const b = lineKey({ sku: '1', seller: '1', attachments: [{ name: 'b', value: '2' }, { name: 'a', value: '1' }] })
    expect(a).toBe(b)
  })
})

describe('droppedLines', () => {
  it('names the paid lines the platform cart no longer holds, whatever their price, and never a gift', () => {
    const kept = cartItem({ sku: '1', quantity: 2 })
    const repriced = cartItem({ sku: '1', quantity: 3, price: 9 })
    const gone = cartItem({ sku: '2' })
    const gift = cartItem({ sku: '9', price: 0, isGift: true })
    const subscription = cartItem({ sku: '3' })
    subscription.itemOffered.additionalProperty = [subscriptionAttachment('1 mese')]
    const oneOff = cartItem({ sku: '3' })
    expect(droppedLines([kept, gone, gift, subscription], [repriced, oneOff])).toEqual([gone, subscription])
    expect(droppedLines([kept], [kept, gone])).toEqual([])
  })
})

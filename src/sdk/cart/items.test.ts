import { isSubscription } from '../../domain/cart'
import { product } from '../../testing/fixtures'
import { cartItemFor, subscriptionAttachment } from './items'
import { isSubscriptionLine, linePoints } from '../../domain/loyalty'

describe('cartItemFor', () => {
  const item = product({ isKit: true })
  const variant = item.hasVariant[0]!

  it('builds the line id from sku, seller and price, priced from the catalog', () => {
    const line = cartItemFor(item, variant, 2)
    expect(line).toMatchObject({ id: '1001::1::10', quantity: 2, price: 10, listPrice: 12, seller: { identifier: '1' }, isKit: true })
    expect(line.itemOffered).toMatchObject({ sku: '1001', isVariantOf: { productGroupID: 'p1', hasVariant: [{ sku: '1001', offers: { lowPrice: 10 } }] } })
    expect(line.itemOffered.stockKeepingUnit.isKit).toBe(true)
  })

  it('makes a subscription a line of its own, with the attachment in its id and 0.95 of its points', () => {
    const plain = cartItemFor(item, variant, 2)
    const subscribed = cartItemFor(item, variant, 2, [subscriptionAttachment('1 mese')])
    expect(subscribed.id).toBe('1001::1::10::vtex.subscription.frequenza:1 mese:ATTACHMENT')
    expect(subscribed.id).not.toBe(plain.id)
    expect(subscribed.itemOffered.additionalProperty.every(isSubscription)).toBe(true)
    expect(isSubscriptionLine(subscribed)).toBe(true)
    expect(isSubscriptionLine(plain)).toBe(false)
    expect(linePoints(subscribed)).toBe(19)
    expect(linePoints(plain)).toBe(20)
  })
})

/**
 * The loyalty and vet Functions (req CALL-08, CALL-10) against a real embedded platform,
 * and the cart robustness rules the Functions carry: a stale order form is
 * replaced by a fresh one keeping the lines (an empty one naming the order once
 * it was placed), and the platform's order form is
 * what validation settles on.
 */
import { call, loginCookie, placeOrder, startHarness, type Harness } from './harness'

let h: Harness
let sku: string
let multiplier: number

const routes = {
  'product/getLoyaltyMultiplier/:sku': () => import('../../src/api/product/getLoyaltyMultiplier/[sku]'),
  'userAccount/getIsVet': () => import('../../src/api/userAccount/getIsVet'),
  'checkout/getCartInformation': () => import('../../src/api/checkout/getCartInformation'),
  'checkout/addCartItem': () => import('../../src/api/checkout/addCartItem'),
  graphql: () => import('../../src/api/graphql'),
}

const login = (email: string) => loginCookie(h, email)

beforeAll(async () => {
  h = await startHarness(routes)
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=50`)
  const products = catalog.json.items as { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; price: number }[] }[]
  sku = products.filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0).flatMap((p) => p.variants).find((v) => v.lowPrice > 0 && v.price >= 5)!.sku
  multiplier = ((await call(`${h.platformUrl}/api/catalog/skus/${sku}/loyalty`)).json as { multiplier: number }).multiplier
}, 120_000)

afterAll(async () => {
  await h?.close()
})

describe('GET /api/product/getLoyaltyMultiplier/{sku}', () => {
  it("answers the platform's multiplier as the 'sku-multiplier' string", async () => {
    const answer = await call(`${h.siteUrl}/api/product/getLoyaltyMultiplier/${sku}`)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toBe(`sku-${multiplier}`)
  })

  it('answers 404 for an unknown sku, 400 for a malformed one and 405 for POST', async () => {
    expect((await call(`${h.siteUrl}/api/product/getLoyaltyMultiplier/999999999`)).status).toBe(404)
    const bad = await call(`${h.siteUrl}/api/product/getLoyaltyMultiplier/${encodeURIComponent('a b')}`)
    expect(bad.status).toBe(400)
    expect(bad.json.error?.message).toMatch(/sku/)
    expect((await call(`${h.siteUrl}/api/product/getLoyaltyMultiplier/${sku}`, { method: 'POST', body: {} })).status).toBe(405)
  })
})

describe('POST /api/userAccount/getIsVet', () => {
  it('answers false for a guest', async () => {
    const answer = await call(`${h.siteUrl}/api/userAccount/getIsVet`, { body: { orderFormId: '' } })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ isVet: false })
  })

  it('answers true for the veterinarian and false for another customer, from the cookie alone', async () => {
    const vet = await login('giulia.bianchi@example.it')
    const mario = await login('mario.rossi@example.it')
    expect((await call(`${h.siteUrl}/api/userAccount/getIsVet`, { body: { orderFormId: '' }, cookie: vet })).json).toEqual({ isVet: true })
    expect((await call(`${h.siteUrl}/api/userAccount/getIsVet`, { body: { orderFormId: '' }, cookie: mario })).json).toEqual({ isVet: false })
  })

  it('refuses a malformed orderFormId and GET', async () => {
    const bad = await call(`${h.siteUrl}/api/userAccount/getIsVet`, { body: { orderFormId: '../x' } })
    expect(bad.status).toBe(400)
    expect(bad.json.error?.message).toMatch(/orderFormId/)
    expect((await call(`${h.siteUrl}/api/userAccount/getIsVet`)).status).toBe(405)
  })
})

describe('ValidateCartMutation with a stale order form', () => {
  const offer = (quantity: number) => ({ price: 1, listPrice: 1, quantity, seller: { identifier: '1' }, itemOffered: { sku, additionalProperty: [] } })
  const validate = (orderNumber: string, quantity: number) =>
    call(`${h.siteUrl}/api/graphql?operationName=ValidateCartMutation`, {
      body: { operationName: 'ValidateCartMutation', variables: { cart: { order: { orderNumber, acceptedOffer: [offer(quantity)] } } } },
    })
  type Answer = { data: { validateCart: { order: { orderNumber: string; acceptedOffer: { quantity: number; isGift: boolean; itemOffered: { sku: string } }[] }; messages: { text: string; status: string }[] } } }

  it('opens a fresh empty order form when the old one was placed, and names the order', async () => {
    const first = (await validate('', 2)).json as unknown as Answer
    const placedId = first.data.validateCart.order.orderNumber
    const orderNumber = await placeOrder(h, placedId, { email: 'ospite@example.it' })
    const again = await validate(placedId, 2)
    expect(again.status).toBe(200)
    const answer = (again.json as unknown as Answer).data.validateCart
    expect(answer.order.orderNumber).not.toBe(placedId)
    expect(answer.order.orderNumber).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer.order.acceptedOffer.filter((o) => !o.isGift)).toEqual([])
    expect(answer.messages).toEqual([{ text: `Ordine ${orderNumber} ricevuto: il carrello è di nuovo vuoto.`, status: 'info' }])
  })

  it('opens a fresh order form keeping the lines when the old one does not exist', async () => {
    const answer = await validate('00000000-0000-4000-8000-000000000000', 3)
    expect(answer.status).toBe(200)
    const order = (answer.json as unknown as Answer).data.validateCart.order
    expect(order.orderNumber).toMatch(/^[0-9a-f-]{36}$/)
    expect(order.acceptedOffer.filter((o) => !o.isGift).map((o) => [o.itemOffered.sku, o.quantity])).toEqual([[sku, 3]])
  })
})

describe('ValidateCartMutation does not loop on new order forms (vtex/faststore#3188)', () => {
  const offer = { price: 1, listPrice: 1, quantity: 2, seller: { identifier: '1' }, itemOffered: { sku, additionalProperty: [] } }
  /** Validates as the browser does: each answer's order form is what the next call sends. */
  async function validateRepeatedly(start: string, times: number): Promise<string[]> {
    const ids: string[] = []
    let orderNumber = start
    for (let n = 0; n < times; n++) {
      const answer = await call(`${h.siteUrl}/api/graphql?operationName=ValidateCartMutation`, {
        body: { operationName: 'ValidateCartMutation', variables: { cart: { order: { orderNumber, acceptedOffer: [{ ...offer, itemOffered: { ...offer.itemOffered, sku } }] } } } },
      })
      expect(answer.status).toBe(200)
      orderNumber = (answer.json as unknown as { data: { validateCart: { order: { orderNumber: string } } | null } }).data.validateCart?.order.orderNumber ?? orderNumber
      ids.push(orderNumber)
    }
    return ids
  }

  it('after a placed order form, five validations settle on the one fresh order form', async () => {
    const [placed] = await validateRepeatedly('', 1)
    await placeOrder(h, placed!, { email: 'ospite.loop@example.it' })
    const ids = await validateRepeatedly(placed!, 5)
    expect(ids).toHaveLength(5)
    expect(new Set(ids).size).toBe(1)
    expect(ids[0]).not.toBe(placed)
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('after a missing order form, five validations settle on the one fresh order form', async () => {
    const missing = '00000000-0000-4000-8000-0000000031a8'
    const ids = await validateRepeatedly(missing, 5)
    expect(ids).toHaveLength(5)
    expect(new Set(ids).size).toBe(1)
    expect(ids[0]).not.toBe(missing)
    // The settled order form is a real one with the lines.
    const read = await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${ids[0]}`)
    const items = (read.json as unknown as { items: { quantity: number; isGift: boolean; itemOffered: { sku: string } }[] }).items
    expect(items.filter((i) => !i.isGift).map((i) => [i.itemOffered.sku, i.quantity])).toEqual([[sku, 2]])
  })
})

describe('ValidateCartMutation with a subscription', () => {
  it('keeps the subscribed units apart from the plain ones, attachment and all', async () => {
    const subscription = { name: 'vtex.subscription.frequenza', value: '2 settimane', valueReference: 'ATTACHMENT' }
    const offer = (quantity: number, additionalProperty: object[]) => ({ price: 1, listPrice: 1, quantity, seller: { identifier: '1' }, itemOffered: { sku, additionalProperty } })
    const answer = await call(`${h.siteUrl}/api/graphql?operationName=ValidateCartMutation`, {
      body: { operationName: 'ValidateCartMutation', variables: { cart: { order: { orderNumber: '', acceptedOffer: [offer(1, []), offer(2, [subscription])] } } } },
    })
    expect(answer.status).toBe(200)
    type Line = { id: string; quantity: number; isGift: boolean; itemOffered: { sku: string; additionalProperty: { name: string; value: string; valueReference: string }[] } }
    const lines = (answer.json as unknown as { data: { validateCart: { order: { acceptedOffer: Line[] } } } }).data.validateCart.order.acceptedOffer.filter((l) => !l.isGift)
    expect(lines.map((l) => [l.itemOffered.sku, l.quantity, l.itemOffered.additionalProperty])).toEqual([
      [sku, 1, []],
      [sku, 2, [subscription]],
    ])
    expect(lines[1]!.id).toContain('vtex.subscription.frequenza:2 settimane:ATTACHMENT')
  })
})

/**
 * The Functions (req CALL-06, CALL-07, CALL-12, CALL-13) against a real embedded platform: good input,
 * and every kind of bad input answering a 4xx that names the problem.
 */
import { call, cartRoutes, startHarness, type Harness } from './harness'

let h: Harness
let sku: string
let maxQuantity: number

const routes = cartRoutes

interface CartAnswer {
  id: string
  items: { id: string; quantity: number; price: number; itemOffered: { sku: string } }[]
}

beforeAll(async () => {
  h = await startHarness(routes)
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=50`)
  const products = catalog.json.items as { variants: { sku: string; lowPrice: number; maxQuantity: number; price: number }[]; priceTiers: unknown[]; minQuantity: number }[]
  const variant = products.filter((p) => p.priceTiers.length === 0 && p.minQuantity === 1).flatMap((p) => p.variants).find((v) => v.lowPrice > 0 && v.maxQuantity >= 3)!
  sku = variant.sku
  maxQuantity = variant.maxQuantity
}, 120_000)

afterAll(async () => {
  await h?.close()
})

const add = (body: unknown, cookie?: string) => call(`${h.siteUrl}/api/checkout/addCartItem`, { body: body as object, cookie })
const newItem = (quantity?: number, itemSku = sku) => ({ quantity, itemOffered: { sku: itemSku, additionalProperty: [] } })

describe('cart Functions', () => {
  it('starts an order form on the first add, sums a second add of the same sku, and reads it back', async () => {
    const first = await add({ orderFormId: '', newItem: newItem(1) })
    expect(first.status).toBe(200)
    const cart = first.json as unknown as CartAnswer
    expect(cart.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(cart.items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([[sku, 1]])

    const second = await add({ orderFormId: cart.id, newItem: newItem(2) })
    expect((second.json as unknown as CartAnswer).items.map((i) => i.quantity)).toEqual([3])

    const read = await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${cart.id}`)
    expect(read.status).toBe(200)
    expect((read.json as unknown as CartAnswer).items[0]?.quantity).toBe(3)
  })

  it('updates and removes a line', async () => {
    const cart = (await add({ orderFormId: '', newItem: newItem(1) })).json as unknown as CartAnswer
    const updated = await call(`${h.siteUrl}/api/checkout/updateCartItem`, { body: { orderFormId: cart.id, newItem: newItem(2) } })
    expect(updated.status).toBe(200)
    expect((updated.json as unknown as CartAnswer).items[0]?.quantity).toBe(2)

    const removed = await call(`${h.siteUrl}/api/checkout/removeCartItem`, { body: { orderFormId: cart.id, newItem: newItem() } })
    expect(removed.status).toBe(200)
    expect((removed.json as unknown as CartAnswer).items).toEqual([])
  })

  it('refuses a quantity above the maximum with 422 and keeps the cart as it was', async () => {
    const cart = (await add({ orderFormId: '', newItem: newItem(1) })).json as unknown as CartAnswer
    const tooMany = await add({ orderFormId: cart.id, newItem: newItem(maxQuantity) })
    expect(tooMany.status).toBe(422)
    expect(tooMany.json.error?.message).toMatch(/quantity/i)
    const read = await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${cart.id}`)
    expect((read.json as unknown as CartAnswer).items[0]?.quantity).toBe(1)
  })

  it.each([
    ['malformed JSON', '{"orderFormId": ', /malformed JSON/],
    ['a missing newItem', { orderFormId: '' }, /newItem/],
    ['a missing sku', { orderFormId: '', newItem: { itemOffered: {} } }, /newItem\.itemOffered\.sku/],
    ['a quantity of the wrong type', { orderFormId: '', newItem: { quantity: '2', itemOffered: { sku: '1' } } }, /quantity must be a number/],
    ['a quantity below 1', { orderFormId: '', newItem: newItem(0) }, /quantity must be at least 1/],
    ['a bad orderFormId', { orderFormId: '../etc', newItem: newItem(1) }, /orderFormId/],
  ])('answers 400 naming the problem for %s', async (_case, body, message) => {
    const answer = await add(body)
    expect(answer.status).toBe(400)
    expect(answer.json.error?.code).toBe('bad_request')
    expect(answer.json.error?.message).toMatch(message)
  })

  it('answers 404 for an unknown sku and an unknown order form', async () => {
    expect((await add({ orderFormId: '', newItem: newItem(1, '999999999') })).status).toBe(404)
    const missing = await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=00000000-0000-4000-8000-000000000000`)
    expect(missing.status).toBe(404)
  })

  it('answers 400 without an orderFormId and 405 for the wrong method', async () => {
    const noId = await call(`${h.siteUrl}/api/checkout/getCartInformation`)
    expect(noId.status).toBe(400)
    expect(noId.json.error?.message).toMatch(/orderFormId/)
    const wrongMethod = await call(`${h.siteUrl}/api/checkout/addCartItem`)
    expect(wrongMethod.status).toBe(405)
  })
})

describe('a state change from a page of another origin', () => {
  const addFrom = (headers: Record<string, string>) => call(`${h.siteUrl}/api/checkout/addCartItem`, { body: { orderFormId: '', newItem: newItem(1) }, headers, jar: null })
  const https = () => h.siteUrl.replace(/^http:/, 'https:')

  it('is refused when the Origin differs only in its scheme, whatever X-Forwarded-Proto says to a server that trusts no proxy', async () => {
    for (const headers of <Record<string, string>[]>[{ origin: https() }, { origin: https(), 'x-forwarded-proto': 'https' }, { origin: https(), 'sec-fetch-site': 'same-origin' }]) {
      const answer = await addFrom(headers)
      expect([headers, answer.status, answer.json.error?.code]).toEqual([headers, 403, 'foreign_origin'])
    }
  })

  it('is refused when Sec-Fetch-Site says cross-site, even with this origin in Origin', async () => {
    const answer = await addFrom({ origin: h.siteUrl, 'sec-fetch-site': 'cross-site' })
    expect([answer.status, answer.json.error?.code]).toEqual([403, 'foreign_origin'])
  })

  it('from this very origin it goes through', async () => {
    expect((await addFrom({ origin: h.siteUrl, 'sec-fetch-site': 'same-origin' })).status).toBe(200)
  })
})

describe('what no input may hold', () => {
  const raw = (path: string, body: string) => call(`${h.siteUrl}/api/${path}`, { body })

  it('refuses control characters and unpaired surrogates anywhere, naming the field, and leaves the cart as it was', async () => {
    const first = await add({ orderFormId: '', newItem: newItem(1) })
    const id = (first.json as unknown as CartAnswer).id
    const attachment = (value: string) => ({ orderFormId: id, newItem: { quantity: 1, itemOffered: { sku, additionalProperty: [{ name: 'nota', value, valueReference: 'ATTACHMENT' }] } } })
    const nul = await add(attachment('ciao\u0000'))
    expect(nul.status).toBe(400)
    expect(nul.json.error?.message).toBe('invalid body: newItem.itemOffered.additionalProperty.0.value holds a control character')
    const seller = await add({ orderFormId: id, newItem: { ...newItem(1), seller: { identifier: '1\u0000' } } })
    expect(seller.status).toBe(400)
    const surrogate = await raw('checkout/addCartItem', `{"orderFormId":"${id}","newItem":{"quantity":1,"itemOffered":{"sku":"${sku}","additionalProperty":[{"name":"nota","value":"\\ud800","valueReference":"ATTACHMENT"}]}}}`)
    expect(surrogate.status).toBe(400)
    expect(surrogate.json.error?.message).toMatch(/unpaired surrogate/)
    const key = await raw('checkout/addCartItem', `{"orderFormId":"${id}","newItem":{"quantity":1,"itemOffered":{"sku":"${sku}"}},"\\u0000":1}`)
    expect(key.status).toBe(400)
    expect(key.json.error?.message).toMatch(/a key of the input holds a control character/)
    // Tab and line feed are text.
    expect((await add(attachment('riga uno\nriga\tdue'))).status).toBe(200)
    const after = (await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${id}`)).json as unknown as CartAnswer
    expect(after.items.map((i) => i.quantity)).toEqual([1, 1])
  })

  it('refuses input nested 5,000 levels deep with a 400, not a crash', async () => {
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)
    const session = `{"locale":"it-IT","currency":{"code":"EUR","symbol":"€"},"country":"ITA","channel":null,"deliveryMode":${deep},"postalCode":null,"person":null}`
    const answer = await raw('graphql?operationName=ValidateSession', `{"operationName":"ValidateSession","variables":{"session":${session},"search":""}}`)
    expect(answer.status).toBe(400)
    expect(answer.json.error?.message ?? JSON.stringify(answer.json)).toMatch(/nested deeper than 16 levels/)
  })
})

describe('graphql Function', () => {
  const gql = (name: string | null, body?: unknown, method?: string, cookie?: string) =>
    call(`${h.siteUrl}/api/graphql${name ? `?operationName=${name}` : ''}`, { body: body as object, method, cookie })

  const offer = (quantity: number, price: number) => ({ price, listPrice: price, quantity, seller: { identifier: '1' }, itemOffered: { sku, additionalProperty: [] } })

  it('validates a new cart into an order form priced by the platform, then answers null once they agree', async () => {
    const first = await gql('ValidateCartMutation', {
      operationName: 'ValidateCartMutation',
      variables: { cart: { order: { orderNumber: '', acceptedOffer: [offer(2, 0.01)] } } },
    })
    expect(first.status).toBe(200)
    const validated = (first.json.data as { validateCart: { order: { orderNumber: string; acceptedOffer: { price: number; quantity: number; listPrice: number; seller: { identifier: string }; itemOffered: { sku: string; additionalProperty: [] } }[] } } }).validateCart
    expect(validated.order.orderNumber).toMatch(/^[0-9a-f-]{36}$/)
    expect(validated.order.acceptedOffer[0]?.quantity).toBe(2)
    expect(validated.order.acceptedOffer[0]?.price).toBeGreaterThan(0.01)

    const again = await gql('ValidateCartMutation', {
      operationName: 'ValidateCartMutation',
      variables: { cart: { order: { orderNumber: validated.order.orderNumber, acceptedOffer: validated.order.acceptedOffer } } },
    })
    expect(again.status).toBe(200)
    expect(again.json.data).toEqual({ validateCart: null })
  })

  it.each([
    ['no operation name', null, {}, undefined, 400, /operationName is required/],
    ['an unknown operation', 'DropTablesMutation', {}, undefined, 400, /unknown operation: DropTablesMutation/],
    ['a mutation sent with GET', 'ValidateCartMutation', undefined, 'GET', 405, /must be sent with POST/],
    ['malformed JSON', 'ValidateCartMutation', '{nope', undefined, 400, /malformed JSON/],
    ['variables of the wrong shape', 'ValidateCartMutation', { variables: { cart: { order: { orderNumber: 5 } } } }, undefined, 400, /cart\.order/],
    ['a body naming another operation', 'ValidateCartMutation', { operationName: 'ValidateSession', variables: {} }, undefined, 400, /differs/],
    // Found by the wire fuzz suite: String() of an object whose own toString is text threw, answering 500.
    ['an operationName in the body that is not text', 'ValidateSession', { operationName: { toString: 'x' }, variables: {} }, undefined, 400, /operationName in the body must be a string/],
    ['a body that is an array', 'ValidateSession', [], undefined, 400, /body must be a JSON object/],
  ])('answers an error for %s', async (_case, name, body, method, status, message) => {
    const answer = await gql(name, body, method)
    expect(answer.status).toBe(status)
    const errors = answer.json.errors as { message: string }[]
    expect(errors[0]?.message).toMatch(message)
  })

  it('takes the person from the platform session cookie, never from the variables', async () => {
    const session = {
      locale: 'it-IT',
      currency: { code: 'EUR', symbol: '€' },
      country: 'ITA',
      channel: '{"salesChannel":"1","regionId":""}',
      postalCode: null,
      person: { id: 'forged', email: 'x@example.it', givenName: 'Forged', familyName: 'X' },
    }
    const guest = await gql('ValidateSession', { variables: { session, search: '' } })
    expect(guest.status).toBe(200)
    expect((guest.json.data as { validateSession: { person: unknown } }).validateSession.person).toBeNull()

    const login = await fetch(`${h.platformUrl}/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mario.rossi@example.it', password: 'Password123!' }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const known = await gql('ValidateSession', { variables: { session, search: '' } }, undefined, cookie)
    expect((known.json.data as { validateSession: { person: { email: string; givenName: string } } }).validateSession.person).toMatchObject({
      email: 'mario.rossi@example.it',
      givenName: 'Mario',
    })
  })

  it("keeps a customer's cart from a guest: 403 on read", async () => {
    const login = await fetch(`${h.platformUrl}/api/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'luca.verdi@example.it', password: 'Password123!' }),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const owned = (await add({ orderFormId: '', newItem: newItem(1) }, cookie)).json as unknown as CartAnswer
    expect((await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${owned.id}`, { cookie })).status).toBe(200)
    expect((await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${owned.id}`)).status).toBe(403)
  })
})

/**
 * The identity Functions (req ID-03; shared cart, wishlist, loyalty-card data)
 * against a real embedded platform, with hand-made requests: a guest gets 401
 * where a person is required, a request naming another shopper or reaching
 * another shopper's cart gets 403, and nothing of another shopper changes.
 */
import { GUEST_ORDER_THROTTLE } from '../../platform/identity/throttle'
import { browser, call, cartRoutes, loginCookie, placeOrder, sharedCartRoutes, startHarness, type Harness } from './harness'

let h: Harness
let sku: string
let otherSku: string

const routes = {
  ...sharedCartRoutes,
  ...cartRoutes,
  'userAccount/getBkid': () => import('../../src/api/userAccount/getBkid'),
  'wishlist/getWishlist': () => import('../../src/api/wishlist/getWishlist'),
  'wishlist/addProduct': () => import('../../src/api/wishlist/addProduct'),
  'wishlist/removeProduct': () => import('../../src/api/wishlist/removeProduct'),
  'order/getGuestOrder': () => import('../../src/api/order/getGuestOrder'),
  'store/setShippingData': () => import('../../src/api/store/setShippingData'),
}

const MARIO = { email: 'mario.rossi@example.it', id: 'a3e1c0de-0001-4000-8000-000000000001' }
const GIULIA = { email: 'giulia.bianchi@example.it', id: 'a3e1c0de-0002-4000-8000-000000000002' }
const LUCA = { email: 'luca.verdi@example.it', id: 'a3e1c0de-0003-4000-8000-000000000003' }

/** Logs in in the tests' browser, which holds the guest carts the tests make: its customer may claim them. */
const login = (email: string) => loginCookie(h, email, undefined, browser)

type CartAnswer = { id: string; items: { quantity: number; itemOffered: { sku: string } }[] }

async function cartWith(cookie: string | undefined, lines: [string, number][]): Promise<CartAnswer> {
  let id = ''
  let cart: CartAnswer | undefined
  for (const [s, quantity] of lines) {
    const added = await call(`${h.siteUrl}/api/checkout/addCartItem`, { body: { orderFormId: id, newItem: { quantity, itemOffered: { sku: s } } }, cookie })
    expect(added.status).toBe(200)
    cart = added.json as unknown as CartAnswer
    id = cart.id
  }
  return cart!
}

const fn = (name: string) => `${h.siteUrl}/api/${name}`
const linesOf = (cart: CartAnswer) => cart.items.map((i) => [i.itemOffered.sku, i.quantity])

beforeAll(async () => {
  h = await startHarness(routes, undefined, { trustProxy: 'loopback' })
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=50`)
  const products = catalog.json.items as { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[]
  const plain = products.filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0).map((p) => p.variants.find((v) => v.lowPrice > 0 && v.maxQuantity >= 5))
  ;[sku, otherSku] = plain.filter(Boolean).map((v) => v!.sku) as [string, string]
}, 120_000)

afterAll(async () => {
  await h?.close()
})

describe('401 for a guest and 403 for another shopper, on every identity-bearing Function', () => {
  const cases: [string, string, (who: { id: string; email: string }, cart: string) => { method?: string; body?: object; query?: string }][] = [
    ['sharedCart/getSharedCart', 'POST', (who) => ({ body: { userId: who.id, nullOnEmpty: false } })],
    ['sharedCart/saveSharedCart', 'POST', (who, cart) => ({ body: { userId: who.id, orderFormId: cart } })],
    ['wishlist/getWishlist', 'GET', (who) => ({ query: `?shopperId=${encodeURIComponent(who.email)}` })],
    ['wishlist/addProduct', 'POST', (who) => ({ body: { shopperId: who.email, listItem: { sku } } })],
    ['wishlist/removeProduct', 'DELETE', (who) => ({ body: { shopperId: who.email, itemId: 'x' } })],
  ]

  it.each(cases)('%s', async (name, method, input) => {
    const mario = await login(MARIO.email)
    const cart = (await cartWith(undefined, [[sku, 1]])).id
    const send = (who: typeof MARIO, cookie?: string) => {
      const { body, query = '' } = input(who, cart)
      return call(fn(name) + query, { method, body, cookie })
    }
    expect((await send(MARIO)).status).toBe(401)
    const foreign = await send(GIULIA, mario)
    expect([foreign.status, foreign.json.error?.code]).toEqual([403, 'forbidden'])
    expect((await send(MARIO, mario)).status).toBe(200)
  })

  it('userAccount/getBkid and sharedCart/mergeSharedCart answer 401 to a guest', async () => {
    expect((await call(fn('userAccount/getBkid'))).status).toBe(401)
    const cart = (await cartWith(undefined, [[sku, 1]])).id
    expect((await call(fn('sharedCart/mergeSharedCart'), { body: { savedCart: cart, currentCart: cart, strategy: 'COMBINE' } })).status).toBe(401)
  })

  it('bad input is a 400 naming the problem, before anything reaches the platform', async () => {
    const mario = await login(MARIO.email)
    const missing = await call(fn('sharedCart/saveSharedCart'), { body: { userId: MARIO.id }, cookie: mario })
    expect(missing.status).toBe(400)
    expect(missing.json.error?.message).toMatch(/orderFormId/)
    const strategy = await call(fn('sharedCart/mergeSharedCart'), { body: { savedCart: 'a', currentCart: 'b', strategy: 'REPLACE' }, cookie: mario })
    expect(strategy.status).toBe(400)
    expect((await call(fn('wishlist/addProduct'), { body: { shopperId: 'not-an-email', listItem: { sku } }, cookie: mario })).status).toBe(400)
    expect((await call(fn('wishlist/getWishlist'), { method: 'POST', body: {}, cookie: mario })).status).toBe(405)
  })
})

describe("403 for another shopper's order form, on every Function that takes one", () => {
  const item = (quantity?: number) => ({ quantity, itemOffered: { sku, additionalProperty: [] } })
  const cases: [string, (hers: string, marioSaved: string) => object][] = [
    ['checkout/addCartItem', (hers) => ({ orderFormId: hers, newItem: item(1) })],
    ['checkout/updateCartItem', (hers) => ({ orderFormId: hers, newItem: item(5) })],
    ['checkout/removeCartItem', (hers) => ({ orderFormId: hers, newItem: item() })],
    ['store/setShippingData', (hers) => ({ orderFormId: hers, request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-007' } })],
    ['sharedCart/mergeSharedCart', (hers, marioSaved) => ({ savedCart: marioSaved, currentCart: hers, strategy: 'COMBINE' })],
  ]

  it.each(cases)("%s refuses Giulia's order form to Mario and to a guest, and it stays as it was", async (name, body) => {
    const giulia = await login(GIULIA.email)
    const mario = await login(MARIO.email)
    const hers = await cartWith(giulia, [[sku, 2]])
    const marioSaved = await cartWith(mario, [[otherSku, 1]])
    expect((await call(fn('sharedCart/saveSharedCart'), { body: { userId: MARIO.id, orderFormId: marioSaved.id }, cookie: mario })).status).toBe(200)

    const asMario = await call(fn(name), { body: body(hers.id, marioSaved.id), cookie: mario })
    expect([asMario.status, asMario.json.error?.code]).toEqual([403, 'forbidden'])
    const asGuest = await call(fn(name), { body: body(hers.id, marioSaved.id) })
    // The merge needs a person before it looks at any cart.
    expect(asGuest.status).toBe(name === 'sharedCart/mergeSharedCart' ? 401 : 403)

    const after = (await call(fn(`checkout/getCartInformation?orderFormId=${hers.id}`), { cookie: giulia })).json as unknown as CartAnswer
    expect(linesOf(after)).toEqual([[sku, 2]])
    const pickup = await call(`${h.platformUrl}/api/orderforms/${hers.id}/pickup`, { cookie: giulia })
    expect(pickup.json).toEqual({ store: null })
    const marioAfter = (await call(fn(`checkout/getCartInformation?orderFormId=${marioSaved.id}`), { cookie: mario })).json as unknown as CartAnswer
    expect(linesOf(marioAfter)).toEqual([[otherSku, 1]])

    // The same request on her own order form goes through: the 403 was about whose cart it is.
    const own = name === 'sharedCart/mergeSharedCart' ? null : await call(fn(name), { body: body(hers.id, marioSaved.id), cookie: giulia })
    if (own) expect(own.status).toBe(200)
  })
})

describe('shared cart', () => {
  it('a guest learns that a cart is saved, never whose; the owner learns it is theirs', async () => {
    const luca = await login(LUCA.email)
    const cart = await cartWith(undefined, [[sku, 1]])
    expect((await call(fn('sharedCart/getSharedCustomer'), { body: { orderFormId: cart.id } })).json).toEqual({ data: { getSavedCustomer: null } })
    expect((await call(fn('sharedCart/saveSharedCart'), { body: { userId: LUCA.id, orderFormId: cart.id }, cookie: luca })).status).toBe(200)
    expect((await call(fn('sharedCart/getSharedCustomer'), { body: { orderFormId: cart.id } })).json).toEqual({ data: { getSavedCustomer: { userId: null } } })
    expect((await call(fn('sharedCart/getSharedCustomer'), { body: { orderFormId: cart.id }, cookie: luca })).json).toEqual({ data: { getSavedCustomer: { userId: LUCA.id } } })
    const saved = (await call(fn('sharedCart/getSharedCart'), { body: { userId: LUCA.id }, cookie: luca })).json as { data: { getSavedCart: CartAnswer } }
    expect(saved.data.getSavedCart.id).toBe(cart.id)
  })

  it('refuses to save or merge into another shopper\'s cart (403) and leaves it as it was', async () => {
    const giulia = await login(GIULIA.email)
    const mario = await login(MARIO.email)
    const giuliasCart = await cartWith(giulia, [[sku, 2]])
    expect((await call(fn('sharedCart/saveSharedCart'), { body: { userId: MARIO.id, orderFormId: giuliasCart.id }, cookie: mario })).status).toBe(403)
    await call(fn('sharedCart/saveSharedCart'), { body: { userId: GIULIA.id, orderFormId: giuliasCart.id }, cookie: giulia })
    const mine = await cartWith(mario, [[otherSku, 1]])
    const intoHers = await call(fn('sharedCart/mergeSharedCart'), { body: { savedCart: giuliasCart.id, currentCart: mine.id, strategy: 'COMBINE' }, cookie: mario })
    expect(intoHers.status).toBe(403)
    const after = (await call(fn(`checkout/getCartInformation?orderFormId=${giuliasCart.id}`), { cookie: giulia })).json as unknown as CartAnswer
    expect(linesOf(after)).toEqual([[sku, 2]])
  })

  it('merges with COMBINE and answers the saved cart as replaceCart', async () => {
    const mario = await login(MARIO.email)
    const saved = await cartWith(mario, [[sku, 1]])
    await call(fn('sharedCart/saveSharedCart'), { body: { userId: MARIO.id, orderFormId: saved.id }, cookie: mario })
    const current = await cartWith(undefined, [[sku, 2], [otherSku, 1]])
    const merged = await call(fn('sharedCart/mergeSharedCart'), { body: { savedCart: saved.id, currentCart: current.id, strategy: 'COMBINE' }, cookie: mario })
    expect(merged.status).toBe(200)
    const cart = (merged.json as { data: { replaceCart: CartAnswer } }).data.replaceCart
    expect(cart.id).toBe(saved.id)
    expect(linesOf(cart).filter(([s]) => s === sku || s === otherSku)).toEqual([[sku, 3], [otherSku, 1]])
  })
})

describe('wishlist', () => {
  it('adds, lists by the shopper\'s email (any case), and removes only with removeFromList true', async () => {
    const giulia = await login(GIULIA.email)
    const added = await call(fn('wishlist/addProduct'), { body: { shopperId: GIULIA.email, listItem: { sku } }, cookie: giulia })
    const itemId = (added.json as { data: { addToList: string } }).data.addToList
    const list = await call(fn(`wishlist/getWishlist?shopperId=${encodeURIComponent(GIULIA.email.toUpperCase())}`), { cookie: giulia })
    expect(list.json).toEqual({ data: { viewLists: [{ data: [{ id: itemId, sku, productId: expect.any(String) }] }] } })
    const mario = await login(MARIO.email)
    expect((await call(fn('wishlist/removeProduct'), { method: 'DELETE', body: { shopperId: MARIO.email, itemId }, cookie: mario })).json).toEqual({ data: { removeFromList: false } })
    expect((await call(fn('wishlist/removeProduct'), { method: 'DELETE', body: { shopperId: GIULIA.email, itemId }, cookie: giulia })).json).toEqual({ data: { removeFromList: true } })
  })

  it('answers 404 for an unknown sku and loses nothing already in the list', async () => {
    const luca = await login(LUCA.email)
    await call(fn('wishlist/addProduct'), { body: { shopperId: LUCA.email, listItem: { sku: otherSku } }, cookie: luca })
    expect((await call(fn('wishlist/addProduct'), { body: { shopperId: LUCA.email, listItem: { sku: '987654321098' } }, cookie: luca })).status).toBe(404)
    const list = (await call(fn(`wishlist/getWishlist?shopperId=${LUCA.email}`), { cookie: luca })).json as { data: { viewLists: { data: { sku: string }[] }[] } }
    expect(list.data.viewLists[0]!.data.map((i) => i.sku)).toEqual([otherSku])
  })
})

describe('loyalty-card data and the session person', () => {
  it('getBkid answers the logged-in shopper\'s bkid, arcacard and profiling consent', async () => {
    const luca = await login(LUCA.email)
    const answer = await call(fn('userAccount/getBkid'), { cookie: luca })
    expect(answer.json).toEqual({ bkid: 'BK0000100003', arcacard: expect.stringMatching(/^29\d{11}$/), profilingConsent: false })
  })

  it('ValidateSession fills bk_id, arcacard, profilingConsent and the Italian residential postal code from the cookie', async () => {
    const session = {
      locale: 'it-IT',
      currency: { code: 'EUR', symbol: '€' },
      country: 'ITA',
      channel: null,
      postalCode: null,
      person: null,
    }
    const validate = (cookie?: string) =>
      call(`${h.siteUrl}/api/graphql?operationName=ValidateSession`, { body: { operationName: 'ValidateSession', variables: { session, search: '' } }, cookie })
    const mario = (await validate(await login(MARIO.email))).json as { data: { validateSession: { postalCode: string | null; person: Record<string, unknown> } } }
    expect(mario.data.validateSession.postalCode).toBe('16121')
    expect(mario.data.validateSession.person).toEqual({
      id: MARIO.id,
      email: MARIO.email,
      givenName: 'Mario',
      familyName: 'Rossi',
      bk_id: 'BK0000100001',
      arcacard: expect.stringMatching(/^29\d{11}$/),
      profilingConsent: true,
    })
    // Luca lives abroad: his session keeps the postal code it had.
    const luca = (await validate(await login(LUCA.email))).json as { data: { validateSession: { postalCode: string | null } } }
    expect(luca.data.validateSession.postalCode).toBeNull()
    const guest = (await validate()).json as { data: { validateSession: { postalCode: string | null; person: unknown } } }
    expect(guest.data.validateSession).toMatchObject({ postalCode: null, person: null })
  })
})

describe('POST /api/order/getGuestOrder', () => {
  const lookup = (orderNumber: unknown, email: unknown, shopper?: string) =>
    call(fn('order/getGuestOrder'), { body: { orderNumber, email }, headers: shopper ? { 'x-forwarded-for': shopper } : {} })

  it("finds a guest's placed order by number and email, with its lines and total", async () => {
    const cart = await cartWith(undefined, [[sku, 5]])
    const orderNumber = await placeOrder(h, cart.id, { email: 'ospite.funzioni@example.it' })
    expect(orderNumber).toMatch(/^PF-[0-9A-Z]{12}$/)
    const found = await lookup(` ${orderNumber.toLowerCase()} `, 'Ospite.Funzioni@example.it')
    expect(found.status).toBe(200)
    const order = found.json as unknown as { orderNumber: string; status: string; items: { quantity: number; isGift: boolean; itemOffered: { sku: string } }[]; total: number }
    expect(order).toMatchObject({ orderNumber, status: 'placed' })
    expect(order.items.filter((i) => !i.isGift).map((i) => [i.itemOffered.sku, i.quantity])).toEqual([[sku, 5]])
    expect(order.total).toBeGreaterThan(0)
  })

  it('answers the same 404 for a wrong email and for an order that does not exist', async () => {
    const cart = await cartWith(undefined, [[sku, 5]])
    const orderNumber = await placeOrder(h, cart.id, { email: 'ospite.cinque@example.it' })
    const wrongEmail = await lookup(orderNumber, 'altra.persona@example.it')
    const missing = await lookup('PF-987654', 'ospite.cinque@example.it')
    expect([wrongEmail.status, missing.status]).toEqual([404, 404])
    expect(wrongEmail.json).toEqual(missing.json)
  })

  it("finds a customer's order by their account email", async () => {
    const cookie = await login(LUCA.email)
    const cart = await cartWith(cookie, [[sku, 5]])
    const orderNumber = await placeOrder(h, cart.id, { cookie })
    expect((await lookup(orderNumber, LUCA.email)).status).toBe(200)
  })

  it("slows a shopper who keeps failing (429 with Retry-After) at the shopper's own address, which the Function passes on: another shopper finds the order", async () => {
    const cart = await cartWith(undefined, [[sku, 5]])
    const orderNumber = await placeOrder(h, cart.id, { email: 'ospite.sette@example.it' })
    const guesser = '203.0.113.50'
    for (let i = 0; i < GUEST_ORDER_THROTTLE.pair.free; i++) expect((await lookup(orderNumber, `tentativo${i}@example.it`, guesser)).status).toBe(404)
    const slowed = await lookup(orderNumber, 'ospite.sette@example.it', guesser)
    expect(slowed.status).toBe(429)
    expect(slowed.json.error?.code).toBe('too_many_requests')
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await lookup(orderNumber, 'ospite.sette@example.it', '198.51.100.50')).status).toBe(200)
  })

  it('refuses malformed input with a 400 that names the field', async () => {
    for (const [orderNumber, email, field] of [
      ['PF-1', 'non-una-email', 'email'],
      ['', 'a@b.it', 'orderNumber'],
      ['PF-1\u0000', 'a@b.it', 'orderNumber'],
      [42, 'a@b.it', 'orderNumber'],
    ] as const) {
      const answer = await lookup(orderNumber, email)
      expect(answer.status).toBe(400)
      expect(answer.json.error?.message).toContain(field)
    }
  })
})


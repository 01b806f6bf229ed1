/**
 * Guest carts bound to their browser, through the Functions: the Function that
 * starts a guest cart sets the platform's key on the browser (HttpOnly,
 * SameSite=Lax), every Function forwards it, another browser holding only the
 * id meets an unknown cart, and logging in with the key claims the cart.
 */
import { PLATFORM_CART_COOKIE, PLATFORM_SESSION_COOKIE } from '../../platform/wire'
import { call, cartRoutes, CookieJar, loginCookie, placeOrder, sharedCartRoutes, startHarness, type Harness } from './harness'

let h: Harness
let sku: string

const routes = {
  ...cartRoutes,
  ...sharedCartRoutes,
  'store/setShippingData': () => import('../../src/api/store/setShippingData'),
  'store/getUserPostalCode': () => import('../../src/api/store/getUserPostalCode'),
}

const MARIO = { email: 'mario.rossi@example.it', id: 'a3e1c0de-0001-4000-8000-000000000001' }
const LUCA = { email: 'luca.verdi@example.it', id: 'a3e1c0de-0003-4000-8000-000000000003' }
const fn = (name: string) => `${h.siteUrl}/api/${name}`
const newItem = (quantity: number) => ({ quantity, itemOffered: { sku, additionalProperty: [] } })
type CartAnswer = { id: string; items: { quantity: number; itemOffered: { sku: string } }[] }

beforeAll(async () => {
  h = await startHarness(routes)
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=50`, { jar: null })
  const products = catalog.json.items as { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; price: number; maxQuantity: number }[] }[]
  sku = products
    .filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0)
    .flatMap((p) => p.variants)
    .find((v) => v.lowPrice > 0 && v.maxQuantity >= 5 && v.price * 2 >= 8.99)!.sku
}, 120_000)

afterAll(async () => {
  await h?.close()
})

/** A guest cart of a new browser, with 2 units. */
async function guestCart(): Promise<{ jar: CookieJar; cart: CartAnswer; setCookie: string }> {
  const jar = new CookieJar()
  const added = await call(fn('checkout/addCartItem'), { body: { orderFormId: '', newItem: newItem(2) }, jar })
  expect(added.status).toBe(200)
  const setCookie = added.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_CART_COOKIE}=`)) ?? ''
  return { jar, cart: added.json as unknown as CartAnswer, setCookie }
}

/** Every Function that reads or changes an order form by its id. */
const uses = (orderFormId: string) =>
  [
    ['checkout/getCartInformation', { method: 'GET', url: `${fn('checkout/getCartInformation')}?orderFormId=${orderFormId}` }],
    ['checkout/addCartItem', { url: fn('checkout/addCartItem'), body: { orderFormId, newItem: newItem(1) } }],
    ['checkout/updateCartItem', { url: fn('checkout/updateCartItem'), body: { orderFormId, newItem: newItem(4) } }],
    ['checkout/removeCartItem', { url: fn('checkout/removeCartItem'), body: { orderFormId, newItem: newItem(1) } }],
    ['store/setShippingData', { url: fn('store/setShippingData'), body: { orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: 'store-007' } } }],
    ['store/getUserPostalCode', { url: fn('store/getUserPostalCode'), body: { orderFormId } }],
  ] as const

describe('the guest-cart key through the Functions', () => {
  it('is set on the browser HttpOnly, SameSite=Lax, for every path, by the Function that starts the cart, and never shown in an answer', async () => {
    const { jar, cart, setCookie } = await guestCart()
    expect(setCookie).toMatch(/^pf_cart=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)
    const key = jar.get(PLATFORM_CART_COOKIE)!
    expect(JSON.stringify(cart)).not.toContain(key)
    // The same browser's next cart keeps its key.
    const next = await call(fn('checkout/addCartItem'), { body: { orderFormId: '', newItem: newItem(1) }, jar })
    expect(next.status).toBe(200)
    expect(jar.get(PLATFORM_CART_COOKIE)).toBe(key)
  })

  it('is set by ValidateCartMutation when it starts the cart, and forwarded when it works on it', async () => {
    const jar = new CookieJar()
    const offer = { price: 1, listPrice: 1, quantity: 2, seller: { identifier: '1' }, itemOffered: { sku, additionalProperty: [] } }
    const validate = (orderNumber: string, browser: CookieJar | null) =>
      call(`${fn('graphql')}?operationName=ValidateCartMutation`, { body: { operationName: 'ValidateCartMutation', variables: { cart: { order: { orderNumber, acceptedOffer: [offer] } } } }, jar: browser })
    const first = await validate('', jar)
    expect(first.status).toBe(200)
    expect(first.headers.getSetCookie()[0]).toMatch(/^pf_cart=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)
    const id = (first.json as { data: { validateCart: { order: { orderNumber: string } } } }).data.validateCart.order.orderNumber
    const read = await call(`${fn('checkout/getCartInformation')}?orderFormId=${id}`, { jar })
    expect(read.status).toBe(200)

    // Another browser validating the same id gets a cart of its own, and the first keeps its lines.
    const other = new CookieJar()
    const second = await validate(id, other)
    const otherId = (second.json as { data: { validateCart: { order: { orderNumber: string } } } }).data.validateCart.order.orderNumber
    expect(otherId).not.toBe(id)
    expect(other.get(PLATFORM_CART_COOKIE)).not.toBe(jar.get(PLATFORM_CART_COOKIE))
    expect(((await call(`${fn('checkout/getCartInformation')}?orderFormId=${id}`, { jar })).json as unknown as CartAnswer).items[0]?.quantity).toBe(2)
  })

  it('opens the cart to the browser that holds it; to another (no key, a wrong one) every Function answers as for an unknown id, and nothing changes', async () => {
    const { jar, cart } = await guestCart()
    const unknownId = '2b1c7c1e-3a52-4d4e-9a43-6b3d5c0e9f10'
    const stranger = new CookieJar()
    stranger.keep([`${PLATFORM_CART_COOKIE}=${'x'.repeat(43)}`])
    for (const browser of [null, stranger]) {
      for (const [name, request] of uses(cart.id)) {
        const answer = await call(request.url, { ...('body' in request ? { body: request.body } : {}), jar: browser })
        const forUnknown = await call(request.url.replace(cart.id, unknownId), { ...('body' in request ? { body: JSON.parse(JSON.stringify(request.body).replace(cart.id, unknownId)) } : {}), jar: browser })
        expect([name, answer.status]).toEqual([name, 404])
        expect([name, answer.json.error?.code]).toEqual([name, forUnknown.json.error?.code])
      }
    }
    const mine = await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar })
    expect((mine.json as unknown as CartAnswer).items.filter((i) => i.itemOffered.sku === sku).map((i) => i.quantity)).toEqual([2])
    for (const [name, request] of uses(cart.id)) {
      const answer = await call(request.url, { ...('body' in request ? { body: request.body } : {}), jar })
      expect([name, answer.status]).toEqual([name, 200])
    }
  })

  it('lets the browser that holds it check out at the platform, which receives the same cookie', async () => {
    const { jar, cart } = await guestCart()
    const elsewhere = await fetch(`${h.platformUrl}/checkout?orderFormId=${cart.id}`)
    expect(elsewhere.status).toBe(404)
    expect(await elsewhere.text()).toContain('Carrello non trovato')
    await expect(placeOrder(h, cart.id, { email: 'ospite@example.it', jar: new CookieJar() })).rejects.toThrow(/answered 40[34]/)
    expect(await placeOrder(h, cart.id, { email: 'ospite@example.it', jar })).toMatch(/^PF-/)
  })

  it('claims the cart for the shopper who logs in holding it (the restore saves it), and their order has them as its customer', async () => {
    const { jar, cart } = await guestCart()
    // Logged in on the platform's page in this browser, which carries its key along.
    const mario = await loginCookie(h, MARIO.email, undefined, jar)
    // Logged in, the browser still holds its key: the restore's save claims the cart.
    expect((await call(fn('sharedCart/getSharedCustomer'), { body: { orderFormId: cart.id }, cookie: mario, jar })).json).toEqual({ data: { getSavedCustomer: null } })
    const saved = await call(fn('sharedCart/saveSharedCart'), { body: { userId: MARIO.id, orderFormId: cart.id }, cookie: mario, jar })
    expect(saved.status).toBe(200)
    expect((await call(fn('sharedCart/getSharedCustomer'), { body: { orderFormId: cart.id }, cookie: mario, jar: null })).json).toEqual({ data: { getSavedCustomer: { userId: MARIO.id } } })
    // Theirs now: their session alone opens it, the key alone no longer does.
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { cookie: mario, jar: null })).status).toBe(200)
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar })).status).toBe(403)
    await placeOrder(h, cart.id, { cookie: mario, jar: new CookieJar() })
    const placed = await call(`${h.platformUrl}/api/orderforms/${cart.id}`, { cookie: mario, jar: null })
    expect(placed.json).toMatchObject({ status: 'placed', customerId: MARIO.id })
  })

  it('refuses to save or merge another browser\'s guest cart for a logged-in shopper (404), and leaves it a guest cart', async () => {
    const { jar, cart } = await guestCart()
    const mario = await loginCookie(h, MARIO.email)
    const save = await call(fn('sharedCart/saveSharedCart'), { body: { userId: MARIO.id, orderFormId: cart.id }, cookie: mario, jar: null })
    expect(save.status).toBe(404)
    const savedCart = (await call(fn('sharedCart/getSharedCart'), { body: { userId: MARIO.id, nullOnEmpty: false }, cookie: mario, jar: null })).json as { data: { getSavedCart: { id: string } | null } }
    if (savedCart.data.getSavedCart) {
      const merge = await call(fn('sharedCart/mergeSharedCart'), { body: { savedCart: savedCart.data.getSavedCart.id, currentCart: cart.id, strategy: 'COMBINE' }, cookie: mario, jar: null })
      expect(merge.status).toBe(404)
    }
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar })).status).toBe(200)
  })
})

/**
 * Cookies are not isolated by port: over plain http a page on another port of
 * the host can set `pf_session` on the shopper's browser. The session it plants
 * was opened in another browser, so it takes nothing of this browser's guest cart.
 */
describe('a session planted from another origin of the host (plain http)', () => {
  it("leaves the guest cart the guest's: the victim's reads do not hand it over, the restore cannot save it for the planted person, and the planter meets an unknown id", async () => {
    const { jar, cart } = await guestCart()
    const planterJar = new CookieJar()
    const planted = await loginCookie(h, LUCA.email, undefined, planterJar)
    expect(planted).toMatch(/^pf_session=/)
    jar.keep([`${planted}; Path=/`])
    const read = await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar })
    expect(read.status).toBe(200)
    expect((read.json as unknown as CartAnswer).items.filter((i) => i.itemOffered.sku === sku).map((i) => i.quantity)).toEqual([2])
    const save = await call(fn('sharedCart/saveSharedCart'), { body: { userId: LUCA.id, orderFormId: cart.id }, jar })
    expect(save.status).toBe(403)
    expect((await call(fn('sharedCart/getSharedCustomer'), { body: { orderFormId: cart.id }, jar })).json).toEqual({ data: { getSavedCustomer: null } })
    // The planter's own request for the cart, with the session it planted.
    expect((await call(`${h.platformUrl}/api/orderforms/${cart.id}`, { cookie: planted, jar: planterJar })).status).toBe(404)
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { cookie: planted, jar: null })).status).toBe(404)
  })

  it("files none of a guest's checkouts under the planter: the checkout names the account, a guest's checkout there is refused, and the way out leaves an order that is the guest's alone", async () => {
    const planterJar = new CookieJar()
    const planted = await loginCookie(h, LUCA.email, undefined, planterJar)
    // Planted before the shopper's first add, in a browser that holds no cookie of its own.
    const victim = new CookieJar()
    victim.keep([`${planted}; Path=/`])
    const added = await call(fn('checkout/addCartItem'), { body: { orderFormId: '', newItem: newItem(2) }, jar: victim })
    expect(added.status).toBe(200)
    const cart = added.json as unknown as CartAnswer
    const page = await fetch(`${h.platformUrl}/checkout?orderFormId=${cart.id}`, { headers: { cookie: victim.header() } })
    const html = await page.text()
    expect(html).toContain(`Stai ordinando come <strong data-testid="checkout-account-email">${LUCA.email}</strong>`)
    // The shopper checks out as a guest, with their own email: nothing is placed under the planter's account.
    await expect(placeOrder(h, cart.id, { email: 'vittima@example.it', jar: victim })).rejects.toThrow(/answered 409/)
    expect((await call(`${h.platformUrl}/api/orderforms/${cart.id}`, { cookie: planted, jar: planterJar })).json).toMatchObject({ status: 'open' })
    // The way out the page offers: "Non sei tu? Esci", then a guest's cart and checkout of their own.
    const token = /action="\/logout"[\s\S]*?name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const formCookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const out = await fetch(`${h.platformUrl}/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [victim.header(), formCookie].join('; ') },
      body: new URLSearchParams({ _csrf: token }).toString(),
      redirect: 'manual',
    })
    expect(out.status).toBe(303)
    victim.keep(out.headers.getSetCookie())
    expect(victim.get(PLATFORM_SESSION_COOKIE)).toBeUndefined()
    const again = await call(fn('checkout/addCartItem'), { body: { orderFormId: '', newItem: newItem(2) }, jar: victim })
    const orderNumber = await placeOrder(h, (again.json as unknown as CartAnswer).id, { email: 'vittima@example.it', jar: victim })
    expect(orderNumber).toMatch(/^PF-/)
    const found = await call(`${h.platformUrl}/api/orders/lookup`, { body: { orderNumber, email: 'vittima@example.it' }, jar: null })
    expect(found.status).toBe(200)
    // "Esci" ended the planted session itself; the planter, logged in again in their own browser, finds no such order.
    const theirs = await loginCookie(h, LUCA.email, undefined, planterJar)
    expect((await fetch(`${h.platformUrl}/account/orders/${orderNumber}`, { headers: { cookie: theirs }, redirect: 'manual' })).status).toBe(404)
  })
})


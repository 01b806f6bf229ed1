/**
 * A deployment behind TLS: the platform's public address is https, so it names
 * its cookies `__Host-pf_session` and `__Host-pf_cart`, and the Functions relay
 * the guest-cart key under that name, Secure. A browser keeps a `__Host-`
 * cookie only when it is Secure, for Path=/ and without Domain, so a subdomain
 * or a plain-http service of the host cannot plant one; the plain-named
 * cookies those can plant are not read.
 */
import { ORDER_FORM_COOKIE } from '../../src/handlers/cartForm'
import { call, CookieJar, loginCookie, startHarness, type Harness } from './harness'

let h: Harness
let sku: string

const routes = {
  'checkout/getCartInformation': () => import('../../src/api/checkout/getCartInformation'),
  'checkout/addCartItem': () => import('../../src/api/checkout/addCartItem'),
  'userAccount/getBkid': () => import('../../src/api/userAccount/getBkid'),
  'sharedCart/saveSharedCart': () => import('../../src/api/sharedCart/saveSharedCart'),
  'cart/add': () => import('../../src/api/cart/add'),
}

const LUCA = { email: 'luca.verdi@example.it', id: 'a3e1c0de-0003-4000-8000-000000000003' }
const fn = (name: string) => `${h.siteUrl}/api/${name}`
type CartAnswer = { id: string; customerId?: string | null; items: { quantity: number }[] }

beforeAll(async () => {
  // The storefront too is reached over https, through a proxy on loopback that says so (X-Forwarded-Proto).
  h = await startHarness(routes, 30, { publicUrl: 'https://negozio.example', trustProxy: 'loopback' })
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=30`, { jar: null })
  const products = catalog.json.items as { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[]
  sku = products.filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0).flatMap((p) => p.variants).find((v) => v.lowPrice > 0 && v.maxQuantity >= 5)!.sku
}, 120_000)

afterAll(async () => {
  await h?.close()
})

async function guestCart(): Promise<{ jar: CookieJar; cart: CartAnswer; setCookie: string }> {
  const jar = new CookieJar()
  const added = await call(fn('checkout/addCartItem'), { body: { orderFormId: '', newItem: { quantity: 2, itemOffered: { sku, additionalProperty: [] } } }, jar })
  expect(added.status).toBe(200)
  return { jar, cart: added.json as unknown as CartAnswer, setCookie: added.headers.getSetCookie().find((c) => c.includes('pf_cart=')) ?? '' }
}

describe('an https deployment', () => {
  it('relays the guest-cart key as a __Host- cookie: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const { jar, cart, setCookie } = await guestCart()
    expect(setCookie).toMatch(/^__Host-pf_cart=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar })).status).toBe(200)
    // The key under the plain name opens nothing.
    const plain = new CookieJar()
    plain.keep([`pf_cart=${jar.get('__Host-pf_cart')}; Path=/`])
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar: plain })).status).toBe(404)
  })

  it('ignores a session planted under the plain name: no person, and the guest cart stays the guest\'s', async () => {
    const { jar, cart } = await guestCart()
    const planted = await loginCookie(h, LUCA.email, undefined, new CookieJar())
    expect(planted).toMatch(/^__Host-pf_session=/)
    const token = planted.slice(planted.indexOf('=') + 1)
    jar.keep([`pf_session=${token}; Path=/`])
    expect((await call(fn('userAccount/getBkid'), { jar })).status).toBe(401)
    const read = await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { jar })
    expect(read.status).toBe(200)
    expect((await call(fn('sharedCart/saveSharedCart'), { body: { userId: LUCA.id, orderFormId: cart.id }, jar })).status).toBe(401)
    // The planter, with their real session, meets an unknown id.
    expect((await call(`${h.platformUrl}/api/orderforms/${cart.id}`, { cookie: planted, jar: null })).status).toBe(404)
    expect((await call(`${fn('checkout/getCartInformation')}?orderFormId=${cart.id}`, { cookie: planted, jar: null })).status).toBe(404)
  })
})

describe('the add-to-cart form without JavaScript, over https (req CART-30)', () => {
  type Answer = { id: string; items: { quantity: number; isGift: boolean }[] }
  const formCookie = `__Host-${ORDER_FORM_COOKIE}`
  /** The form as a browser posts it over https; `planted` are cookies a sibling origin set, sent ahead of the jar's. */
  async function postForm(jar: CookieJar, quantity: number, planted = '') {
    const cookie = [planted, jar.header()].filter(Boolean).join('; ')
    const response = await fetch(`${h.siteUrl}/api/cart/add`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: h.siteUrl.replace('http:', 'https:'),
        'sec-fetch-site': 'same-origin',
        'x-forwarded-proto': 'https',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ skuId: sku, quantity: String(quantity), from: '/prodotto/p' }).toString(),
      redirect: 'manual',
    })
    jar.keep(response.headers.getSetCookie())
    return { location: response.headers.get('location'), setCookies: response.headers.getSetCookie() }
  }
  const quantities = async (jar: CookieJar) => {
    const id = (jar.get(formCookie) ?? '').split('.')[0]
    const read = await call(`${fn('checkout/getCartInformation')}?orderFormId=${id}`, { jar })
    return (read.json as unknown as Answer).items.filter((i) => !i.isGift).map((i) => i.quantity)
  }

  it("names the order-form cookie __Host- (Secure, Path=/, no Domain), like the platform's, and reads no plain order_form a sibling origin plants", async () => {
    const shopper = new CookieJar()
    const first = await postForm(shopper, 1)
    expect(first.location).toBe(`/added-to-cart?skuId=${sku}#aggiunto`)
    expect(first.setCookies.find((c) => c.startsWith(`${formCookie}=`))).toMatch(/^__Host-order_form=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/)
    expect(first.setCookies.filter((c) => c.startsWith(`${ORDER_FORM_COOKIE}=`))).toEqual([])
    // The planter's own cart, whose cookies a sibling origin can set on the shopper's browser only under the plain names.
    const planter = new CookieJar()
    await postForm(planter, 4)
    const planted = `pf_cart=${planter.get('__Host-pf_cart')}; ${ORDER_FORM_COOKIE}=${planter.get(formCookie)}`
    expect((await postForm(shopper, 2, planted)).location).toBe(`/added-to-cart?skuId=${sku}#aggiunto`)
    expect(await quantities(shopper)).toEqual([3])
    expect(await quantities(planter)).toEqual([4])
  })
})

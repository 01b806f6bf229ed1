/**
 * POST /api/cart/add: the product page's add-to-cart form as a browser without
 * JavaScript posts it (req CART-30, ROUTE-07, SEC-01). It adds through the
 * same cart adapter as the JSON path, sets the same guest-cart key and a
 * cookie naming the order form, answers 303 to the page that tells how the
 * add went, and refuses what a page of another site could send.
 */
import { PLATFORM_CART_COOKIE } from '../../platform/wire'
import { ORDER_FORM_COOKIE } from '../../src/handlers/cartForm'
import { call, cartRoutes, CookieJar, placeOrder, startHarness, type Harness } from './harness'

let h: Harness
let sku: string
let slug: string
let frequency: string

const routes = {
  ...cartRoutes,
  'cart/add': () => import('../../src/api/cart/add'),
  'cart/checkout': () => import('../../src/api/cart/checkout'),
}

type CartAnswer = { id: string; items: { quantity: number; isGift: boolean; itemOffered: { sku: string; additionalProperty: { name: string; value: string }[] } }[] }

beforeAll(async () => {
  h = await startHarness(routes)
  const catalog = await call(`${h.platformUrl}/api/catalog/products?page=0&pageSize=60`, { jar: null })
  const products = catalog.json.items as {
    slug: string
    minQuantity: number
    priceTiers: unknown[]
    subscription: { frequencies: string[] } | null
    variants: { sku: string; lowPrice: number; price: number; maxQuantity: number }[]
  }[]
  const product = products.find((p) => p.minQuantity === 1 && p.priceTiers.length === 0 && p.variants.some((v) => v.lowPrice > 0 && v.maxQuantity >= 6))!
  slug = product.slug
  sku = product.variants.find((v) => v.lowPrice > 0 && v.maxQuantity >= 6)!.sku
  frequency = products.find((p) => p.subscription?.frequencies.length)?.subscription?.frequencies[0] ?? '1 mese'
}, 120_000)

afterAll(async () => {
  await h?.close()
})

const from = () => `/${slug}/p`

/**
 * Posts the form as a browser would: urlencoded, from a page of the site, the jar's cookies, redirects not followed.
 * `planted` are cookies a sibling origin set for the parent domain with a longer path, which the browser sends
 * ahead of its own.
 */
async function postForm(
  fields: Record<string, string>,
  { jar = new CookieJar(), headers = { origin: h.siteUrl, 'sec-fetch-site': 'same-origin' } as Record<string, string>, contentType = 'application/x-www-form-urlencoded', method = 'POST', planted = '' } = {},
) {
  const cookie = [planted, jar.header()].filter(Boolean).join('; ')
  const response = await fetch(`${h.siteUrl}/api/cart/add`, {
    method,
    headers: { 'content-type': contentType, ...headers, ...(cookie ? { cookie } : {}) },
    body: method === 'GET' ? undefined : new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  jar.keep(response.headers.getSetCookie())
  const text = await response.text()
  return { status: response.status, location: response.headers.get('location'), setCookies: response.headers.getSetCookie(), text, jar }
}

const form = (fields: Partial<Record<'skuId' | 'quantity' | 'frequency' | 'from', string>> = {}) => ({ skuId: sku, quantity: '1', from: from(), ...fields })

/** The order form an `order_form` cookie names: its id, before the storefront's binding to the guest-cart key. */
const idOf = (value: string | undefined) => (value ?? '').split('.')[0]!

async function cartOf(jar: CookieJar): Promise<CartAnswer> {
  const id = idOf(jar.get(ORDER_FORM_COOKIE))
  const read = await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${id}`, { jar })
  expect(read.status).toBe(200)
  return read.json as unknown as CartAnswer
}

const paid = (cart: CartAnswer) => cart.items.filter((i) => !i.isGift).map((i) => [i.itemOffered.sku, i.quantity, i.itemOffered.additionalProperty.map((p) => p.value)])

describe('POST /api/cart/add, the add-to-cart form without JavaScript (req CART-30)', () => {
  it('adds the line and answers 303 to /added-to-cart, setting the guest-cart key as the JSON path does and a cookie naming the order form', async () => {
    const answer = await postForm(form({ quantity: '2' }))
    expect(answer.status).toBe(303)
    expect(answer.location).toBe(`/added-to-cart?skuId=${sku}#aggiunto`)
    const key = answer.setCookies.find((c) => c.startsWith(`${PLATFORM_CART_COOKIE}=`))
    expect(key).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)
    const named = answer.setCookies.find((c) => c.startsWith(`${ORDER_FORM_COOKIE}=`))
    expect(named).toMatch(/^order_form=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/)
    // The browser holding both cookies reads the cart with the line; another browser holding only the id does not.
    expect(paid(await cartOf(answer.jar))).toEqual([[sku, 2, []]])
    const stranger = await call(`${h.siteUrl}/api/checkout/getCartInformation?orderFormId=${idOf(answer.jar.get(ORDER_FORM_COOKIE))}`, { jar: null })
    expect(stranger.status).toBe(404)
  })

  it('adds the next units to the same cart, summed into the line, and a subscription as a line of its own', async () => {
    const first = await postForm(form())
    const id = first.jar.get(ORDER_FORM_COOKIE)
    await postForm(form({ quantity: '3' }), { jar: first.jar })
    const subscribed = await postForm(form({ frequency }), { jar: first.jar })
    expect(subscribed.status).toBe(303)
    expect(first.jar.get(ORDER_FORM_COOKIE)).toBe(id)
    expect(paid(await cartOf(first.jar))).toEqual([
      [sku, 4, []],
      [sku, 1, [frequency]],
    ])
  })

  it('starts a fresh order form when the one the cookie names was placed', async () => {
    const first = await postForm(form({ quantity: '5' }))
    const placedId = idOf(first.jar.get(ORDER_FORM_COOKIE))
    await placeOrder(h, placedId, { email: 'ospite@example.it', jar: first.jar })
    const again = await postForm(form(), { jar: first.jar })
    expect(again.location).toBe(`/added-to-cart?skuId=${sku}#aggiunto`)
    expect(idOf(first.jar.get(ORDER_FORM_COOKIE))).not.toBe(placedId)
    expect(paid(await cartOf(first.jar))).toEqual([[sku, 1, []]])
  })

  it('goes back to the product page saying the product was not added, for a sku the platform does not sell or a quantity past the maximum, and changes nothing', async () => {
    const first = await postForm(form())
    const unknown = await postForm(form({ skuId: '987654321098' }), { jar: first.jar })
    expect(unknown.status).toBe(303)
    expect(unknown.location).toBe(`${from()}#prodotto-non-aggiunto`)
    const tooMany = await postForm(form({ quantity: '9999' }), { jar: first.jar })
    expect(tooMany.location).toBe(`${from()}#prodotto-non-aggiunto`)
    expect(paid(await cartOf(first.jar))).toEqual([[sku, 1, []]])
  })

  it('goes back to the product page saying the cart does not answer when the platform is down', async () => {
    await h.platform.suspend()
    try {
      const answer = await postForm(form())
      expect(answer.status).toBe(303)
      expect(answer.location).toBe(`${from()}#carrello-non-raggiungibile`)
    } finally {
      await h.platform.resume()
    }
  })

  it('refuses a malformed form with a 400 naming the field, and reaches no cart', async () => {
    const cases: [Record<string, string>, string][] = [
      [form({ skuId: '../1001' }), 'skuId'],
      [form({ skuId: '' }), 'skuId'],
      [form({ quantity: 'due' }), 'quantity'],
      [form({ quantity: '0' }), 'quantity'],
      [form({ from: 'https://evil.example/p' }), 'from'],
      [form({ from: '//evil.example/p' }), 'from'],
      [{ quantity: '1', from: from() }, 'skuId'],
      [form({ skuId: 'a\u0000b' }), 'skuId'],
    ]
    for (const [fields, field] of cases) {
      const answer = await postForm(fields)
      expect([answer.status, answer.text]).toEqual([400, expect.stringContaining(field)])
      expect(answer.setCookies.filter((c) => c.startsWith(`${ORDER_FORM_COOKIE}=`))).toEqual([])
    }
    const twice = await fetch(`${h.siteUrl}/api/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: h.siteUrl },
      body: `skuId=${sku}&skuId=1&quantity=1&from=${encodeURIComponent(from())}`,
      redirect: 'manual',
    })
    expect(twice.status).toBe(400)
  })

  it('refuses a form from another site, another port or a request naming no page (403), any other body (415) or method (405), and changes nothing', async () => {
    const first = await postForm(form())
    const refusals = [
      await postForm(form({ quantity: '3' }), { jar: first.jar, headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } }),
      await postForm(form({ quantity: '3' }), { jar: first.jar, headers: { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' } }),
      await postForm(form({ quantity: '3' }), { jar: first.jar, headers: {} }),
      await postForm(form({ quantity: '3' }), { jar: first.jar, contentType: 'text/plain' }),
      await postForm(form({ quantity: '3' }), { jar: first.jar, method: 'GET' }),
    ]
    expect(refusals.map((r) => [r.status, JSON.parse(r.text).error.code])).toEqual([
      [403, 'foreign_origin'],
      [403, 'foreign_origin'],
      [403, 'foreign_origin'],
      [415, 'unsupported_media_type'],
      [405, 'method_not_allowed'],
    ])
    expect(paid(await cartOf(first.jar))).toEqual([[sku, 1, []]])
  })
})

describe('GET /api/cart/checkout, the way to the checkout without JavaScript (req CART-30, ROUTE-12)', () => {
  const checkout = async (jar: CookieJar, method = 'GET') => {
    const cookie = jar.header()
    const response = await fetch(`${h.siteUrl}/api/cart/checkout`, { method, headers: cookie ? { cookie } : {}, redirect: 'manual' })
    return { status: response.status, location: response.headers.get('location'), cacheControl: response.headers.get('cache-control') }
  }

  it("sends the browser's own cart to the checkout, as the JavaScript path does", async () => {
    const first = await postForm(form())
    const id = idOf(first.jar.get(ORDER_FORM_COOKIE))
    const answer = await checkout(first.jar)
    expect(answer.status).toBe(303)
    expect(answer.cacheControl).toBe('no-store')
    const to = new URL(answer.location!)
    expect(to.searchParams.get('orderFormId')).toBe(id)
    expect(to.hash).toBe('#/orderform')
  })

  it("sends to the home page a browser with no cart, a planted id of another browser's cart or a placed one", async () => {
    expect(await checkout(new CookieJar())).toMatchObject({ status: 303, location: '/' })
    const victim = await postForm(form({ quantity: '5' }))
    const planted = new CookieJar()
    planted.keep([`${ORDER_FORM_COOKIE}=${victim.jar.get(ORDER_FORM_COOKIE)}; Path=/`])
    expect(await checkout(planted)).toMatchObject({ status: 303, location: '/' })
    await placeOrder(h, idOf(victim.jar.get(ORDER_FORM_COOKIE)), { email: 'ospite@example.it', jar: victim.jar })
    expect((await checkout(victim.jar)).location).toBe('/')
  })

  it('takes no other method', async () => {
    expect((await checkout(new CookieJar(), 'POST')).status).toBe(405)
  })
})

/**
 * A page on a sibling origin (another subdomain, or a plain-http page of the host) can set cookies on the shopper's
 * browser for the parent domain, but can neither read nor replace the ones this site set: a cookie it plants sits
 * beside the browser's own of the same name, and comes first when its path is longer. Over https it cannot set a
 * `__Host-` cookie at all (tests/functions/https-cookies.test.ts).
 */
describe('cookies planted from a sibling origin on the add-to-cart form (req CART-30)', () => {
  const plantedFrom = (planter: CookieJar) => `${PLATFORM_CART_COOKIE}=${planter.get(PLATFORM_CART_COOKIE)}; ${ORDER_FORM_COOKIE}=${planter.get(ORDER_FORM_COOKIE)}`

  it("adds nothing to the planter's cart when the planter's key and order form come ahead of the browser's own, and leaves the shopper's cart as it was", async () => {
    const planter = await postForm(form())
    const shopper = await postForm(form({ quantity: '2' }))
    const own = shopper.jar.get(ORDER_FORM_COOKIE)
    const answer = await postForm(form({ quantity: '3' }), { jar: shopper.jar, planted: plantedFrom(planter.jar) })
    expect(answer.status).toBe(303)
    expect(answer.location).toBe(`${from()}#carrello-non-raggiungibile`)
    expect(answer.setCookies).toEqual([])
    expect(paid(await cartOf(planter.jar))).toEqual([[sku, 1, []]])
    expect(shopper.jar.get(ORDER_FORM_COOKIE)).toBe(own)
    expect(paid(await cartOf(shopper.jar))).toEqual([[sku, 2, []]])
  })

  it("never sends the browser to the planter's checkout through the way to the checkout without JavaScript", async () => {
    const planter = await postForm(form({ quantity: '4' }))
    const shopper = await postForm(form())
    const cookie = `${plantedFrom(planter.jar)}; ${shopper.jar.header()}`
    const response = await fetch(`${h.siteUrl}/api/cart/checkout`, { headers: { cookie }, redirect: 'manual' })
    expect([response.status, response.headers.get('location')]).toEqual([303, '/'])
  })

  it('follows only an order form issued for the key the browser holds: one issued to another browser, or an id it never issued, starts a fresh cart', async () => {
    const planter = await postForm(form({ quantity: '4' }))
    for (const value of [planter.jar.get(ORDER_FORM_COOKIE)!, idOf(planter.jar.get(ORDER_FORM_COOKIE))]) {
      // A shopper whose cart lives in the page (the guest-cart key, no order_form of theirs) meets a planted order_form.
      const shopper = new CookieJar()
      expect((await call(`${h.siteUrl}/api/checkout/addCartItem`, { body: { orderFormId: '', newItem: { quantity: 1, itemOffered: { sku, additionalProperty: [] } } }, jar: shopper })).status).toBe(200)
      shopper.keep([`${ORDER_FORM_COOKIE}=${value}; Path=/`])
      const answer = await postForm(form({ quantity: '2' }), { jar: shopper })
      expect(answer.location).toBe(`/added-to-cart?skuId=${sku}#aggiunto`)
      expect(idOf(shopper.get(ORDER_FORM_COOKIE))).not.toBe(idOf(value))
      expect(paid(await cartOf(shopper))).toEqual([[sku, 2, []]])
    }
    expect(paid(await cartOf(planter.jar))).toEqual([[sku, 4, []]])
  })
})

/**
 * Guest order forms are bound to the browser that created them (the pf_cart
 * key): any other request, guest or logged in, gets the 404 of an unknown id;
 * a customer logging in with the key claims the form.
 */
import { guestKeyHash, newGuestKey } from '../cart/guest-key'
import { OrderForm, PLATFORM_CART_COOKIE } from '../wire'
import { call, cartWith, createTestPlatform, inBrowser, login, type RequestOptions, type TestPlatform } from '../testing/app'

let platform: TestPlatform
let storeId: string

beforeAll(async () => {
  platform = await createTestPlatform(60)
  const [store] = await platform.db.query<{ id: string }>('SELECT id FROM stores ORDER BY id LIMIT 1')
  storeId = store!.id
})
afterAll(() => platform.close())

const UNKNOWN_ID = '2b1c7c1e-3a52-4d4e-9a43-6b3d5c0e9f10'

/** A guest cart of a fresh browser, with 2 units (25 €, enough to check out). */
async function guestCart(): Promise<{ form: OrderForm; sku: string; key: string }> {
  const { form, sku, guestKey } = await cartWith(platform, 2)
  return { form, sku, key: guestKey! }
}

/** Every request that reads or changes an order form by its id, as the API and the checkout page take it. */
function everyUse(id: string, sku: string): [string, string, RequestOptions][] {
  return [
    ['GET', `/api/orderforms/${id}`, {}],
    ['POST', `/api/orderforms/${id}/items`, { json: { sku, quantity: 1 } }],
    ['PATCH', `/api/orderforms/${id}/items`, { json: { sku, quantity: 3 } }],
    ['POST', `/api/orderforms/${id}/items/remove`, { json: { sku } }],
    ['PUT', `/api/orderforms/${id}/items`, { json: { items: [] } }],
    ['POST', `/api/orderforms/${id}/items/set`, { json: { items: [{ sku, quantity: 0 }] } }],
    ['GET', `/api/orderforms/${id}/pickup`, {}],
    ['PUT', `/api/orderforms/${id}/pickup`, { json: { storeId } }],
  ]
}

const stored = async (id: string) =>
  (await platform.db.query<{ customer_id: string | null; guest_key_hash: string | null; status: string }>('SELECT customer_id, guest_key_hash, status FROM order_forms WHERE id = $1', [id]))[0]

describe('guest-cart key', () => {
  it('comes with a guest order form as an HttpOnly, SameSite=Lax cookie; only its hash is stored', async () => {
    const created = await call(platform, 'POST', '/api/orderforms')
    expect(created.status).toBe(201)
    const cookie = created.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_CART_COOKIE}=`))!
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).toMatch(/; Path=\//)
    expect(cookie).toMatch(/; Max-Age=\d+/)
    const key = created.guestKey!
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const row = await stored(OrderForm.parse(created.json()).id)
    expect(row?.guest_key_hash).toBe(guestKeyHash(key))
    expect(JSON.stringify(row)).not.toContain(key)
  })

  it("binds the browser's later guest carts to the key it holds, and issues a new one for a malformed key", async () => {
    const key = newGuestKey()
    const again = await call(platform, 'POST', '/api/orderforms', { guestKey: key })
    expect(again.guestKey).toBe(key)
    expect((await stored(OrderForm.parse(again.json()).id))?.guest_key_hash).toBe(guestKeyHash(key))
    const forged = await call(platform, 'POST', '/api/orderforms', { guestKey: 'short' })
    expect(forged.guestKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(forged.guestKey).not.toBe('short')
  })

  it('is cleared at logout, with the session, so the next guest on that browser starts with a key of their own', async () => {
    const session = await login(platform, 'mario.rossi@example.it')
    const { key } = await guestCart()
    const out = await call(platform, 'POST', '/api/session/logout', { session, guestKey: key })
    expect(out.status).toBe(200)
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_CART_COOKIE}=`))
    expect(cleared).toMatch(/^pf_cart=;/)
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/)
  })

  it('gives a logged-in customer no key: their order form is theirs', async () => {
    const created = await call(platform, 'POST', '/api/orderforms', { session: await login(platform, 'mario.rossi@example.it') })
    expect(created.guestKey).toBeUndefined()
    expect((await stored(OrderForm.parse(created.json()).id))?.guest_key_hash).toBeNull()
  })
})

describe('a guest order form', () => {
  it('answers another browser (no key, a wrong key, a malformed one) exactly as an unknown id, for every read and change, and changes nothing', async () => {
    const { form, sku, key } = await guestCart()
    for (const guestKey of [undefined, newGuestKey(), 'not-a-key']) {
      for (const [method, path, options] of everyUse(form.id, sku)) {
        const answer = await call(platform, method, path, { ...options, guestKey })
        const unknown = await call(platform, method, path.replace(form.id, UNKNOWN_ID), { ...options, guestKey })
        expect([method, path, answer.status]).toEqual([method, path, 404])
        expect(answer.json().error.code).toBe(unknown.json().error.code)
        expect(answer.json().error.message).toBe(unknown.json().error.message.replace(UNKNOWN_ID, form.id))
      }
      // Nor by the case the id is written in.
      const shouted = await call(platform, 'GET', `/api/orderforms/${form.id.toUpperCase()}`, { guestKey })
      const shoutedUnknown = await call(platform, 'GET', `/api/orderforms/${UNKNOWN_ID.toUpperCase()}`, { guestKey })
      expect(shouted.json().error.message).toBe(shoutedUnknown.json().error.message.replace(UNKNOWN_ID, form.id))
    }
    const after = OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${form.id}`, { guestKey: key })).json())
    expect(after.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity])).toEqual([[sku, 2]])
    expect((await call(platform, 'GET', `/api/orderforms/${form.id}/pickup`, { guestKey: key })).json()).toEqual({ store: null })
  })

  it('answers a logged-in customer without the key with 404 too', async () => {
    const { form, sku } = await guestCart()
    const luca = await login(platform, 'luca.verdi@example.it')
    for (const [method, path, options] of everyUse(form.id, sku)) {
      expect([method, path, (await call(platform, method, path, { ...options, session: luca })).status]).toEqual([method, path, 404])
    }
    expect((await stored(form.id))?.customer_id).toBeNull()
  })

  it('is read, changed, picked up and checked out by the browser that created it', async () => {
    const { form, sku, key } = await guestCart()
    for (const [method, path, options] of everyUse(form.id, sku)) {
      expect([method, path, (await call(platform, method, path, { ...options, guestKey: key })).status]).toEqual([method, path, 200])
    }
    await call(platform, 'PUT', `/api/orderforms/${form.id}/items`, { json: { items: [{ sku, quantity: 2 }] }, guestKey: key })
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { guestKey: key })
    expect(page.status).toBe(200)
    expect(page.text).toContain('data-testid="checkout-confirm"')
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite@example.it' }, guestKey: key })
    expect(placed.status).toBe(303)
    const confirmation = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { guestKey: key })
    expect(confirmation.text).toContain('data-testid="checkout-order-number"')
    expect(await stored(form.id)).toMatchObject({ status: 'placed', customer_id: null })
  })

  it("shows another browser the checkout page of an unknown cart, and places nothing from it", async () => {
    const { form } = await guestCart()
    for (const guestKey of [undefined, newGuestKey()]) {
      const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { guestKey })
      const unknown = await call(platform, 'GET', `/checkout?orderFormId=${UNKNOWN_ID}`, { guestKey })
      expect(page.status).toBe(404)
      expect(page.text).toBe(unknown.text.replaceAll(UNKNOWN_ID, form.id))
      const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ladro@example.it' }, guestKey })
      expect(placed.status).toBe(404)
    }
    expect((await stored(form.id))?.status).toBe('open')
  })

  it('made before carts were bound (no key stored) answers 404 to everyone', async () => {
    const { form, key } = await guestCart()
    await platform.db.query('UPDATE order_forms SET guest_key_hash = NULL WHERE id = $1', [form.id])
    expect((await call(platform, 'GET', `/api/orderforms/${form.id}`, { guestKey: key })).status).toBe(404)
    expect((await call(platform, 'GET', `/api/orderforms/${form.id}`)).status).toBe(404)
  })
})

describe('claim at login', () => {
  it('gives the guest cart to the customer who logs in holding its key; the key alone no longer opens it', async () => {
    const { form, sku, key } = await guestCart()
    const mario = await login(platform, 'mario.rossi@example.it', undefined, key)
    const read = await call(platform, 'GET', `/api/orderforms/${form.id}`, { session: mario, guestKey: key })
    expect(read.status).toBe(200)
    const [customer] = await platform.db.query<{ id: string }>("SELECT id FROM customers WHERE email = 'mario.rossi@example.it'")
    expect(OrderForm.parse(read.json()).customerId).toBe(customer!.id)
    expect(await stored(form.id)).toMatchObject({ customer_id: customer!.id, guest_key_hash: null })
    expect((await call(platform, 'GET', `/api/orderforms/${form.id}`, { guestKey: key })).status).toBe(403)
    expect((await call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku, quantity: 1 }, session: mario })).status).toBe(200)
  })

  it('claims the guest cart the shared-cart restore saves, only with its key', async () => {
    const { form, key } = await guestCart()
    const luca = await login(platform, 'luca.verdi@example.it', undefined, key)
    const without = await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: form.id }, session: luca })
    expect(without.status).toBe(404)
    expect((await stored(form.id))?.customer_id).toBeNull()
    const saved = await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: form.id }, session: luca, guestKey: key })
    expect(saved.status).toBe(200)
    expect(OrderForm.parse(saved.json()).customerId).not.toBeNull()
    expect((await call(platform, 'GET', '/api/saved-carts/mine', { session: luca })).json<{ orderForm: OrderForm }>().orderForm.id).toBe(form.id)
  })

  it('claims the guest cart the restore merges into the saved cart, only with its key', async () => {
    const { form, key } = await guestCart()
    const giulia = await login(platform, 'giulia.bianchi@example.it', undefined, key)
    const { form: savedCart } = await cartWith(platform, 1, giulia)
    await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: savedCart.id }, session: giulia })
    const merge = { savedOrderFormId: savedCart.id, currentOrderFormId: form.id, strategy: 'COMBINE' }
    expect((await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: merge, session: giulia })).status).toBe(404)
    expect((await call(platform, 'GET', `/api/orderforms/${savedCart.id}`, { session: giulia })).json<OrderForm>().items[0]?.quantity).toBe(1)
    const merged = await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: merge, session: giulia, guestKey: key })
    expect(merged.status).toBe(200)
    expect(OrderForm.parse(merged.json()).items[0]?.quantity).toBe(3)
    expect((await stored(form.id))?.customer_id).toBe(OrderForm.parse(merged.json()).customerId)
  })

  it('places the order of a claimed cart with the customer and their email', async () => {
    const { form, key } = await guestCart()
    const mario = await login(platform, 'mario.rossi@example.it', undefined, key)
    expect((await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { session: mario, guestKey: key })).status).toBe(200)
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id }, session: mario })
    expect(placed.status).toBe(303)
    const [order] = await platform.db.query<{ customer_id: string; contact_email: string; status: string; order_number: string }>(
      'SELECT o.customer_id, o.contact_email, o.status, o.order_number FROM order_forms o WHERE o.id = $1',
      [form.id],
    )
    const [customer] = await platform.db.query<{ id: string }>("SELECT id FROM customers WHERE email = 'mario.rossi@example.it'")
    expect(order).toMatchObject({ customer_id: customer!.id, contact_email: 'mario.rossi@example.it', status: 'placed' })
    expect(order!.order_number).toMatch(/^PF-/)
  })

  it('places a guest cart checked out by a customer holding its key as theirs, in one step', async () => {
    const { form, key } = await guestCart()
    const luca = await login(platform, 'luca.verdi@example.it', undefined, key)
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id }, session: luca, guestKey: key })
    expect(placed.status).toBe(303)
    const [customer] = await platform.db.query<{ id: string }>("SELECT id FROM customers WHERE email = 'luca.verdi@example.it'")
    expect(await stored(form.id)).toMatchObject({ status: 'placed', customer_id: customer!.id })
  })
})

/**
 * Cookies are not isolated by port: a page on another port (or, without the
 * __Host- prefix, a subdomain) of the host can set `pf_session` on a shopper's
 * browser. A session opened in another browser must not take this browser's
 * guest cart, nor open it to the one who planted it.
 */
describe('a session planted from another origin of the host', () => {
  it("neither claims nor opens the browser's guest cart: the cart stays the guest's and the planter meets an unknown id", async () => {
    const { form, sku, key } = await guestCart()
    // The planter logs in in a browser of their own, then sets that session on the shopper's browser.
    const planter = inBrowser()
    const planted = await planter.login(platform, 'luca.verdi@example.it')
    const read = await call(platform, 'GET', `/api/orderforms/${form.id}`, { session: planted, guestKey: key })
    expect(read.status).toBe(200)
    expect(OrderForm.parse(read.json()).customerId).toBeNull()
    expect((await call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku, quantity: 1 }, session: planted, guestKey: key })).status).toBe(200)
    expect(await stored(form.id)).toMatchObject({ customer_id: null, guest_key_hash: guestKeyHash(key) })
    // The shared-cart restore, running for the planted person, can neither save it for them nor merge it into their cart.
    expect((await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: form.id }, session: planted, guestKey: key })).status).toBe(403)
    const { form: theirs } = await planter.cartWith(platform, 1, planted)
    expect((await planter.call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: theirs.id }, session: planted })).status).toBe(200)
    const merge = { savedOrderFormId: theirs.id, currentOrderFormId: form.id, strategy: 'COMBINE' }
    expect((await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: merge, session: planted, guestKey: key })).status).toBe(403)
    expect(OrderForm.parse((await planter.call(platform, 'GET', `/api/orderforms/${theirs.id}`, { session: planted })).json()).items.filter((i) => !i.isGift).map((i) => i.quantity)).toEqual([1])
    // In the planter's own browser the cart is an unknown id.
    expect((await planter.call(platform, 'GET', `/api/orderforms/${form.id}`, { session: planted })).status).toBe(404)
    expect(await stored(form.id)).toMatchObject({ customer_id: null, guest_key_hash: guestKeyHash(key) })
    expect((await call(platform, 'GET', `/api/orderforms/${form.id}`, { guestKey: key })).status).toBe(200)
  })

  it("checks the cart out as the guest's, to the email the guest gives, never to the planted person", async () => {
    const { form, key } = await guestCart()
    const planted = await inBrowser().login(platform, 'luca.verdi@example.it')
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { session: planted, guestKey: key })
    expect(page.text).toContain('data-testid="checkout-email"')
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite@example.it' }, session: planted, guestKey: key })
    expect(placed.status).toBe(303)
    const [order] = await platform.db.query<{ customer_id: string | null; contact_email: string }>('SELECT customer_id, contact_email FROM order_forms WHERE id = $1', [form.id])
    expect(order).toEqual({ customer_id: null, contact_email: 'ospite@example.it' })
  })

  it("files a guest's checkout, once its page asked for an email, under no session that arrives before the confirmation", async () => {
    // The planter set their own guest-cart key on the shopper's browser first, so the shopper's cart is bound to it...
    const planter = inBrowser()
    const { form } = await cartWith(platform, 2, undefined, planter.guestKey)
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { guestKey: planter.guestKey })
    expect(page.text).toContain('data-testid="checkout-email"')
    // ...then, while the page waits for the email, a session they opened holding that key.
    const planted = await planter.login(platform, 'luca.verdi@example.it')
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'vittima@example.it' }, session: planted, guestKey: planter.guestKey })
    expect(placed.status).toBe(303)
    const [order] = await platform.db.query<{ customer_id: string | null; contact_email: string; order_number: string }>(
      'SELECT customer_id, contact_email, order_number FROM order_forms WHERE id = $1',
      [form.id],
    )
    expect(order).toMatchObject({ customer_id: null, contact_email: 'vittima@example.it' })
    expect((await planter.call(platform, 'GET', `/account/orders/${order!.order_number}`, { session: planted })).status).toBe(404)
  })

  it("names the account on the checkout of a cart the planted session owns, and places no guest's checkout under it", async () => {
    // Planted in a browser that holds no key of its own, the session's new cart is its customer's: the page says whose.
    const planted = await login(platform, 'luca.verdi@example.it')
    const { form } = await cartWith(platform, 2, planted)
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { session: planted })
    expect(page.text).toMatch(/Stai ordinando come <strong data-testid="checkout-account-email">luca\.verdi@example\.it<\/strong>/)
    expect(page.text).toContain('action="/logout"')
    expect(page.text).not.toContain('data-testid="checkout-email"')
    // A checkout that gives an email is a guest's: the account behind a session this browser did not open stays out of it.
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'vittima@example.it' }, session: planted })
    expect(placed.status).toBe(409)
    expect(placed.text).toContain('data-testid="checkout-account-email"')
    expect(await stored(form.id)).toMatchObject({ status: 'open' })
  })
})

/**
 * A sibling origin cannot replace the key the browser holds, only add a cookie
 * of the same name beside it (for the parent domain), which the browser sends
 * first when its path is longer. Two keys in one request tell of a planted one:
 * a session opened with them claims nothing.
 */
describe('a guest-cart key planted beside the browser\'s own', () => {
  it("lets no login claim the planter's cart, whatever the shopper's browser names afterwards", async () => {
    const planter = inBrowser()
    const { form: theirs } = await planter.cartWith(platform, 1)
    const { key: own } = await guestCart()
    const both = { cookie: `${PLATFORM_CART_COOKIE}=${planter.guestKey}; ${PLATFORM_CART_COOKIE}=${own}` }
    const loggedIn = await call(platform, 'POST', '/api/session/login', { json: { email: 'giulia.bianchi@example.it', password: 'Password123!' }, headers: both })
    expect(loggedIn.status).toBe(200)
    // The planter sends the shopper to the checkout of their cart (a link), the planted key first in the browser's cookies.
    const page = await call(platform, 'GET', `/checkout?orderFormId=${theirs.id}`, { session: loggedIn.sessionToken, headers: both })
    expect(page.text).not.toContain('data-testid="checkout-account-email"')
    expect(await stored(theirs.id)).toMatchObject({ customer_id: null, guest_key_hash: guestKeyHash(planter.guestKey) })
    expect((await planter.call(platform, 'GET', `/api/orderforms/${theirs.id}`)).status).toBe(200)
  })
})

/**
 * Served over https, the platform names its cookies `__Host-pf_session` and
 * `__Host-pf_cart`: a browser keeps such a cookie only when it is Secure, for
 * Path=/ and without Domain, so a subdomain or a plain-http service of the
 * host cannot set or overwrite it; the plain names it could set are not read.
 */
describe('over https: __Host- cookies', () => {
  let secure: TestPlatform
  beforeAll(async () => {
    secure = await createTestPlatform(30, { publicUrl: 'https://negozio.example' })
  })
  afterAll(() => secure.close())

  const send = (method: string, path: string, cookie?: string, json?: unknown) =>
    fetch(`${secure.url}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
  const valueOf = (response: Response, name: string): { header: string; value: string } => {
    const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? ''
    return { header, value: header.split(';')[0]!.slice(name.length + 1) }
  }

  it('sets the session and the guest-cart key as __Host- cookies: Secure, Path=/, no Domain', async () => {
    const created = await send('POST', '/api/orderforms')
    expect(created.status).toBe(201)
    const cart = valueOf(created, '__Host-pf_cart')
    expect(cart.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(cart.header).toMatch(/; Secure/)
    expect(cart.header).toMatch(/; Path=\//)
    expect(cart.header).not.toMatch(/; Domain=/i)
    expect(created.headers.getSetCookie().some((c) => c.startsWith('pf_cart='))).toBe(false)
    const loggedIn = await send('POST', '/api/session/login', `__Host-pf_cart=${cart.value}`, { email: 'mario.rossi@example.it', password: 'Password123!' })
    expect(loggedIn.status).toBe(200)
    const session = valueOf(loggedIn, '__Host-pf_session')
    expect(session.value).not.toBe('')
    expect(session.header).toMatch(/; Secure/)
    expect(session.header).not.toMatch(/; Domain=/i)
    expect(await (await send('GET', '/api/session', `__Host-pf_session=${session.value}`)).json()).toMatchObject({ person: { email: 'mario.rossi@example.it' } })
  })

  it('ignores the plain-named cookies a sibling origin could plant: no person, no guest cart, no claim', async () => {
    const created = await send('POST', '/api/orderforms')
    const id = OrderForm.parse(await created.json()).id
    const key = valueOf(created, '__Host-pf_cart').value
    const planter = await send('POST', '/api/session/login', undefined, { email: 'luca.verdi@example.it', password: 'Password123!' })
    const token = valueOf(planter, '__Host-pf_session').value
    expect(await (await send('GET', '/api/session', `pf_session=${token}`)).json()).toEqual({ person: null })
    expect((await send('GET', `/api/orderforms/${id}`, `pf_cart=${key}`)).status).toBe(404)
    const read = await send('GET', `/api/orderforms/${id}`, `pf_session=${token}; __Host-pf_cart=${key}`)
    expect(read.status).toBe(200)
    expect(OrderForm.parse(await read.json()).customerId).toBeNull()
    expect((await send('GET', `/api/orderforms/${id}`, `__Host-pf_session=${token}`)).status).toBe(404)
    const [row] = await secure.db.query<{ customer_id: string | null }>('SELECT customer_id FROM order_forms WHERE id = $1', [id])
    expect(row?.customer_id).toBeNull()
  })
})

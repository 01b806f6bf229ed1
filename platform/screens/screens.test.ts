import { OrderForm, PLATFORM_SESSION_COOKIE, ProfileAnswer, SessionAnswer } from '../wire'
import { SavedCartAnswer, WishlistAddAnswer } from '../wire-identity'
import { buildApp } from '../http/app'
import { REGISTRATION_THROTTLE } from '../identity/throttle'
import { createTestPlatform, inBrowser, login, TEST_STOREFRONT_ORIGIN, type TestPlatform } from '../testing/app'

const { call, cartWith: pricedCart } = inBrowser()

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(40)
})
afterAll(() => platform.close())

const MARIO = 'mario.rossi@example.it'

describe('session API', () => {
  it('has no person for guests', async () => {
    expect((await call(platform, 'GET', '/api/session')).json()).toEqual({ person: null })
    const profile = await call(platform, 'GET', '/api/session/profile')
    expect(profile.status).toBe(401)
    expect(profile.json().error.code).toBe('NOT_LOGGED_IN')
  })

  it('answers 401 with one message for a wrong password or an unknown email', async () => {
    const wrong = await call(platform, 'POST', '/api/session/login', { json: { email: MARIO, password: 'sbagliata' } })
    const unknown = await call(platform, 'POST', '/api/session/login', { json: { email: 'nessuno@example.it', password: 'Password123!' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.sessionToken).toBeUndefined()
  })

  it('answers 400 for a malformed login body', async () => {
    const response = await call(platform, 'POST', '/api/session/login', { json: { email: 'non-una-email' } })
    expect(response.status).toBe(400)
    expect(response.json().error.message).toBe('email is not a valid email; password is required')
  })

  it('logs in with a 30-day HttpOnly Lax cookie and logs out', async () => {
    const response = await call(platform, 'POST', '/api/session/login', { json: { email: 'Mario.Rossi@example.it', password: 'Password123!' } })
    expect(response.status).toBe(200)
    expect(SessionAnswer.parse(response.json()).person).toMatchObject({ givenName: 'Mario', familyName: 'Rossi', email: MARIO })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PLATFORM_SESSION_COOKIE}=`)) ?? ''
    expect(cookie).toMatch(/Max-Age=2592000/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/Domain=/)
    const token = response.sessionToken
    const session = await call(platform, 'GET', '/api/session', { session: token })
    expect(SessionAnswer.parse(session.json()).person?.email).toBe(MARIO)
    const logout = await call(platform, 'POST', '/api/session/logout', { session: token })
    expect(logout.json()).toEqual({ person: null })
    expect(logout.sessionToken).toBe('')
    expect((await call(platform, 'GET', '/api/session', { session: token })).json()).toEqual({ person: null })
  })

  it('marks the session cookie Secure when the platform is served over https, and only then', async () => {
    const sessionCookie = (response: Response, name = PLATFORM_SESSION_COOKIE) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? ''
    const logIn = (base: string) =>
      fetch(`${base}/api/session/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: MARIO, password: 'Password123!' }) })
    const secure = await buildApp({ db: platform.db, publicUrl: 'https://platform.example' })
    try {
      const base = await secure.listen({ host: '127.0.0.1', port: 0 })
      const loggedIn = await logIn(base)
      expect(loggedIn.status).toBe(200)
      // Over https its name takes the __Host- prefix (platformCookieNames).
      const cookie = sessionCookie(loggedIn, `__Host-${PLATFORM_SESSION_COOKIE}`)
      expect(cookie).toMatch(/; Secure/i)
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      // Logging out clears the cookie with the same attributes, so the browser replaces the secure one.
      const token = cookie.split(';')[0] ?? ''
      const loggedOut = await fetch(`${base}/api/session/logout`, { method: 'POST', headers: { cookie: token } })
      expect(sessionCookie(loggedOut, `__Host-${PLATFORM_SESSION_COOKIE}`)).toMatch(/; Secure/i)
    } finally {
      await secure.close()
    }
    const plain = sessionCookie(await logIn(platform.url))
    expect(plain).toMatch(/HttpOnly/)
    expect(plain).not.toMatch(/Secure/i)
  })

  it('returns loyalty data and the vet flag in the profile', async () => {
    const giulia = await login(platform, 'giulia.bianchi@example.it')
    const profile = ProfileAnswer.parse((await call(platform, 'GET', '/api/session/profile', { session: giulia })).json())
    expect(profile.isVet).toBe(true)
    expect(profile.bkId).toMatch(/^BK\d{10}$/)
    expect(profile.arcacard).toMatch(/^29\d{11}$/)
    const mario = ProfileAnswer.parse((await call(platform, 'GET', '/api/session/profile', { session: await login(platform, MARIO) })).json())
    expect(mario.isVet).toBe(false)
  })
})

describe('login, registration and account pages', () => {
  it('shows the login form with the return URL', async () => {
    const page = await call(platform, 'GET', '/login?returnUrl=%2Fcheckout%3Fx%3D%22%3E')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).toContain('name="returnUrl" value="/checkout?x=&quot;&gt;"')
  })

  it('logs in and redirects to a same-host return URL on any port', async () => {
    const returnUrl = 'http://127.0.0.1:9000/account'
    const response = await call(platform, 'POST', '/login', { form: { email: MARIO, password: 'Password123!', returnUrl } })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(returnUrl)
    expect(response.sessionToken).toBeTruthy()
  })

  it('refuses to redirect to another host', async () => {
    const response = await call(platform, 'POST', '/login', { form: { email: MARIO, password: 'Password123!', returnUrl: 'https://evil.example/' } })
    expect(response.headers.get('location')).toBe('/account')
  })

  it("allows only the configured origins, never whatever shares the request's host name", async () => {
    // Same host name as the platform and the storefront, another port: the request's Host no longer vouches for it.
    const samehost = await call(platform, 'POST', '/login', { form: { email: MARIO, password: 'Password123!', returnUrl: 'http://127.0.0.1:9999/' } })
    expect(samehost.headers.get('location')).toBe('/account')
    const own = await call(platform, 'POST', '/login', { form: { email: MARIO, password: 'Password123!', returnUrl: `${platform.url}/account` } })
    expect(own.headers.get('location')).toBe(`${platform.url}/account`)
  })

  it('shows an Italian error for bad credentials', async () => {
    const response = await call(platform, 'POST', '/login', { form: { email: MARIO, password: 'no', returnUrl: '/account' } })
    expect(response.status).toBe(401)
    expect(response.text).toContain('Email o password non corretti.')
    expect(response.sessionToken).toBeUndefined()
  })

  it('registers a customer, who then logs in and finds their data escaped on the account page', async () => {
    const form = { givenName: '<b>Anna</b>', familyName: 'Neri', email: 'anna.neri@example.it', password: 'segreta123', returnUrl: '/account' }
    const short = await call(platform, 'POST', '/register', { form: { ...form, password: 'corta' } })
    expect(short.status).toBe(400)
    expect(short.text).toContain('La password deve avere almeno 8 caratteri.')
    const created = await call(platform, 'POST', '/register', { form })
    expect(created.status).toBe(200)
    expect(created.text).toContain('Registrazione ricevuta')
    // The answer's login form keeps the email and the way back.
    expect(created.text).toContain('action="/login"')
    expect(created.text).toContain('value="anna.neri@example.it"')
    expect(created.text).toContain('name="returnUrl" value="/account"')
    const loggedIn = await call(platform, 'POST', '/login', { form: { email: form.email, password: form.password, returnUrl: '/account' } })
    expect(loggedIn.status).toBe(303)
    const account = await call(platform, 'GET', '/account', { session: loggedIn.sessionToken })
    expect(account.text).toContain('Ciao &lt;b&gt;Anna&lt;/b&gt;')
    expect(account.text).not.toContain('<b>Anna</b>')
    expect(account.text).toContain('id="/wishlist"')
  })

  it('answers a registration for an email that has an account exactly as for a new one, logging no one in and changing nothing', async () => {
    const answerText = (text: string) => text.replace(/name="_csrf" value="[^"]*"/, '').replace(/value="[^"]*@example\.it"/, '')
    const fresh = await call(platform, 'POST', '/register', {
      form: { givenName: 'Nuova', familyName: 'Cliente', email: 'nuova.cliente@example.it', password: 'segreta123', returnUrl: '/account' },
    })
    const taken = await call(platform, 'POST', '/register', {
      form: { givenName: 'Altro', familyName: 'Nome', email: 'Mario.Rossi@example.it', password: 'rubata12345', returnUrl: '/account' },
    })
    expect(taken.status).toBe(fresh.status)
    expect(answerText(taken.text)).toBe(answerText(fresh.text))
    expect(taken.text).not.toContain('Esiste già')
    expect([fresh.sessionToken, taken.sessionToken]).toEqual([undefined, undefined])
    // Mario's account is as it was: his own password works, the one sent with the registration does not.
    expect((await call(platform, 'POST', '/api/session/login', { json: { email: MARIO, password: 'rubata12345' } })).status).toBe(401)
    const mario = await login(platform, MARIO)
    expect(SessionAnswer.parse((await call(platform, 'GET', '/api/session', { session: mario })).json()).person).toMatchObject({ givenName: 'Mario', familyName: 'Rossi' })
  })

  it('limits registration requests per address, whether or not the emails have accounts', async () => {
    // Every request here comes from the loopback address: count from what it has seen.
    const [row] = await platform.db.query<{ n: number }>("SELECT ceil(level)::int AS n FROM attempt_failures WHERE key = 'register:ip:127.0.0.1'")
    const left = REGISTRATION_THROTTLE.address.free - (row?.n ?? 0)
    for (let i = 0; i < left; i++) {
      const answer = await call(platform, 'POST', '/register', {
        form: { givenName: 'Molti', familyName: 'Tentativi', email: `tentativo${i}@example.it`, password: 'segreta123', returnUrl: '/account' },
      })
      expect(answer.status).toBe(200)
    }
    const blockedNew = await call(platform, 'POST', '/register', { form: { givenName: 'Ultimo', familyName: 'Tentativo', email: 'ultimo@example.it', password: 'segreta123' } })
    const blockedTaken = await call(platform, 'POST', '/register', { form: { givenName: 'Ultimo', familyName: 'Tentativo', email: MARIO, password: 'segreta123' } })
    expect([blockedNew.status, blockedTaken.status]).toEqual([429, 429])
    expect(blockedNew.text.replace(/name="_csrf" value="[^"]*"/, '')).toBe(blockedTaken.text.replace(/name="_csrf" value="[^"]*"/, ''))
    expect(blockedNew.text).toContain('Troppe richieste di registrazione')
    expect(Number(blockedNew.headers.get('retry-after'))).toBeGreaterThan(0)
    // The blocked request created nothing.
    expect((await call(platform, 'POST', '/api/session/login', { json: { email: 'ultimo@example.it', password: 'segreta123' } })).status).toBe(401)
    await platform.db.query("DELETE FROM attempt_failures WHERE key LIKE 'register:%'")
  })

  it('sends guests from the account page to the login', async () => {
    const response = await call(platform, 'GET', '/account')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/login?returnUrl=%2Faccount')
  })

  it('shows loyalty-card data on the account page', async () => {
    const page = await call(platform, 'GET', '/account', { session: await login(platform, 'giulia.bianchi@example.it') })
    expect(page.text).toContain('Ciao Giulia')
    expect(page.text).toMatch(/data-testid="account-arcacard">29\d{11}</)
    expect(page.text).toContain('Medico veterinario')
  })

  it('logs out with a POST and redirects to the return URL; a GET only shows the form', async () => {
    const session = await login(platform, MARIO)
    const shown = await call(platform, 'GET', '/logout?scope=zampaamica&returnUrl=http%3A%2F%2F127.0.0.1%3A9000%2F', { session })
    expect(shown.status).toBe(200)
    expect(shown.sessionToken).toBeUndefined()
    expect(shown.text).toContain('<form method="post" action="/logout">')
    expect((await call(platform, 'GET', '/api/session', { session })).json()).not.toEqual({ person: null })
    const response = await call(platform, 'POST', '/logout?scope=zampaamica&returnUrl=http%3A%2F%2F127.0.0.1%3A9000%2F', { session, form: {} })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('http://127.0.0.1:9000/')
    expect(response.sessionToken).toBe('')
    expect((await call(platform, 'GET', '/api/session', { session })).json()).toEqual({ person: null })
  })
})

describe("the account's wishlist adds to the cart", () => {
  const LUCA = 'luca.verdi@example.it'

  async function wishlistOf(session: string): Promise<{ sku: string; slug: string; itemId: string }[]> {
    const rows = await platform.db.query<{ sku: string; slug: string }>(
      `SELECT v.sku, p.slug FROM variants v JOIN products p ON p.id = v.product_id
       WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND p.price_tiers = '[]'::jsonb AND v.max_quantity >= 3 ORDER BY v.sku LIMIT 2`,
    )
    const items = []
    for (const row of rows) {
      const added = await call(platform, 'POST', '/api/wishlist', { json: { sku: row.sku }, session })
      items.push({ ...row, itemId: WishlistAddAnswer.parse(added.json()).id })
    }
    return items
  }
  const savedLines = async (session: string) => {
    const saved = SavedCartAnswer.parse((await call(platform, 'GET', '/api/saved-carts/mine', { session })).json()).orderForm
    return { id: saved?.id ?? null, lines: (saved?.items ?? []).filter((i) => !i.isGift).map((i) => [i.sku, i.quantity]) }
  }

  it('shows each item with a form that posts to the platform with the page token', async () => {
    const session = await login(platform, LUCA)
    const [first] = await wishlistOf(session)
    const page = await call(platform, 'GET', '/account', { session })
    const item = /<li data-testid="account-wishlist-item" data-sku="([^"]+)">[\s\S]*?<\/li>/.exec(page.text)
    expect(item?.[1]).toBe(first!.sku)
    expect(item?.[0]).toContain('<form method="post" action="/account/wishlist/cart">')
    expect(item?.[0]).toMatch(/name="_csrf" value="[^"]+"/)
    expect(item?.[0]).toContain(`name="itemId" value="${first!.itemId}"`)
    expect(item?.[0]).toContain('data-testid="account-wishlist-buy">Aggiungi al carrello</button>')
  })

  it("puts one unit in the customer's saved cart (opening one when there is none) and lands on the product in the storefront", async () => {
    const session = await login(platform, LUCA)
    await platform.db.query("DELETE FROM saved_carts WHERE customer_id = (SELECT id FROM customers WHERE email = $1)", [LUCA])
    const [first, second] = await wishlistOf(session)
    const buy = (itemId: string, as = session) => call(platform, 'POST', '/account/wishlist/cart', { form: { itemId }, session: as })

    const added = await buy(first!.itemId)
    expect(added.status).toBe(303)
    expect(added.headers.get('location')).toBe(`${TEST_STOREFRONT_ORIGIN}/${first!.slug}/p?skuId=${first!.sku}`)
    const opened = await savedLines(session)
    expect(opened.lines).toEqual([[first!.sku, 1]])

    // Then into the same saved cart: a second item is a new line, the same item again sums.
    await buy(second!.itemId)
    await buy(first!.itemId)
    expect(await savedLines(session)).toEqual({ id: opened.id, lines: [[first!.sku, 2], [second!.sku, 1]] })
  })

  it("refuses a forged post, another customer's wishlist item and a guest, adding nothing", async () => {
    const session = await login(platform, LUCA)
    const [first] = await wishlistOf(session)
    const before = await savedLines(session)

    const forged = await call(platform, 'POST', '/account/wishlist/cart', { form: { itemId: first!.itemId }, session, csrf: false })
    expect(forged.status).toBe(403)

    const mario = await login(platform, MARIO)
    const marioBefore = await savedLines(mario)
    const foreign = await call(platform, 'POST', '/account/wishlist/cart', { form: { itemId: first!.itemId }, session: mario })
    expect(foreign.status).toBe(404)
    expect(foreign.text).toContain('Questo prodotto non è più nella tua wishlist.')
    expect(await savedLines(mario)).toEqual(marioBefore)

    const guest = await call(platform, 'POST', '/account/wishlist/cart', { form: { itemId: first!.itemId } })
    expect(guest.status).toBe(303)
    expect(guest.headers.get('location')).toBe('/login?returnUrl=%2Faccount%23%2Fwishlist')
    expect(await savedLines(session)).toEqual(before)
  })

  it('says so on the account page when the cart already holds the most it may', async () => {
    const session = await login(platform, LUCA)
    const [first] = await wishlistOf(session)
    expect((await call(platform, 'POST', '/account/wishlist/cart', { form: { itemId: first!.itemId }, session })).status).toBe(303)
    await platform.db.query('UPDATE variants SET max_quantity = 1 WHERE sku = $1', [first!.sku])
    const refused = await call(platform, 'POST', '/account/wishlist/cart', { form: { itemId: first!.itemId }, session })
    await platform.db.query('UPDATE variants SET max_quantity = 50 WHERE sku = $1', [first!.sku])
    expect(refused.status).toBe(422)
    expect(refused.text).toContain('data-testid="account-wishlist-error"')
  })
})

describe('checkout page', () => {
  const cartWith = (quantity: number, session?: string) => pricedCart(platform, quantity, session)

  it('shows lines, gifts and the total in euros', async () => {
    const { form, sku } = await cartWith(4)
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain(`data-testid="checkout-line" data-sku="${sku}"`)
    expect(page.text).toContain('<span data-testid="checkout-line-quantity">4</span>')
    expect(page.text).toContain('<div class="total" data-testid="checkout-line-total">50,00 €</div>')
    expect(page.text).toContain('<span data-testid="checkout-total">50,00 €</span>')
    expect(page.text).toContain('data-testid="checkout-gifts"')
    expect(page.text).toContain('Conferma ordine')
  })

  it('confirms the order and shows its number', async () => {
    const { form } = await cartWith(1)
    const confirm = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite@example.it' } })
    expect(confirm.status).toBe(303)
    expect(confirm.headers.get('location')).toBe(`/checkout?orderFormId=${form.id}`)
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`)
    expect(page.text).toMatch(/data-testid="checkout-order-number">PF-[0-9A-Z]{12}</)
    expect(page.text).toContain('12,50 €')
    const twice = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite@example.it' } })
    expect(twice.status).toBe(303)
  })

  it('refuses to confirm below the minimum order value', async () => {
    const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants WHERE low_price_cents BETWEEN 1 AND 500 ORDER BY sku LIMIT 1')
    const created = OrderForm.parse((await call(platform, 'POST', '/api/orderforms')).json())
    await call(platform, 'POST', `/api/orderforms/${created.id}/items`, { json: { sku: row?.sku, quantity: 1 } })
    const page = await call(platform, 'GET', `/checkout?orderFormId=${created.id}`)
    expect(page.text).toContain('il valore minimo d&#39;ordine è di 8,99€')
    const confirm = await call(platform, 'POST', '/checkout', { form: { orderFormId: created.id, email: 'ospite@example.it' } })
    expect(confirm.status).toBe(422)
  })

  it('answers clear error pages for missing, unknown and foreign order forms', async () => {
    expect((await call(platform, 'GET', '/checkout')).status).toBe(400)
    const unknown = await call(platform, 'GET', '/checkout?orderFormId=2b1c7c1e-3a52-4d4e-9a43-6b3d5c0e9f10')
    expect(unknown.status).toBe(404)
    expect(unknown.text).toContain('Carrello non trovato')
    const mario = await login(platform, MARIO)
    const { form } = await cartWith(1, mario)
    const foreign = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`)
    expect(foreign.status).toBe(403)
    expect(foreign.text).toContain('Carrello non accessibile')
    expect((await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { session: mario })).status).toBe(200)
  })
})

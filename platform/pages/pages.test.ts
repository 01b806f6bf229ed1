import { OrderForm, PLATFORM_SESSION_COOKIE, ProfileAnswer, SessionAnswer } from '../contract'
import { call, cartWith as pricedCart, createTestPlatform, login, type TestPlatform } from '../testing/app'

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

  it('registers a customer, logs them in, and escapes their data on the account page', async () => {
    const form = { givenName: '<b>Anna</b>', familyName: 'Neri', email: 'anna.neri@example.it', password: 'segreta123', returnUrl: '/account' }
    const short = await call(platform, 'POST', '/register', { form: { ...form, password: 'corta' } })
    expect(short.status).toBe(400)
    expect(short.text).toContain('La password deve avere almeno 8 caratteri.')
    const created = await call(platform, 'POST', '/register', { form })
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe('/account')
    const account = await call(platform, 'GET', '/account', { session: created.sessionToken })
    expect(account.text).toContain('Ciao &lt;b&gt;Anna&lt;/b&gt;')
    expect(account.text).not.toContain('<b>Anna</b>')
    expect(account.text).toContain('id="/wishlist"')
    const again = await call(platform, 'POST', '/register', { form })
    expect(again.status).toBe(409)
    expect(again.text).toContain('Esiste già un account con questa email.')
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
    expect(page.text).toMatch(/data-testid="checkout-order-number">PF-\d+</)
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

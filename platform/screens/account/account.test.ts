import { AdminOrderAnswer, PlacedOrder } from '../../wire'
import { AddressesAnswer, SavedCartAnswer } from '../../wire-identity'
import { readAddressForm } from './forms'
import { call, cartWith, createTestPlatform, login, TEST_ADMIN_TOKEN, type TestPlatform } from '../../testing/app'

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(40)
})
afterAll(() => platform.close())

const PASSWORD = 'segreta123'
let serial = 0

/** A new customer, logged in: their email, id and session token. */
async function newCustomer(): Promise<{ email: string; id: string; session: string }> {
  const email = `cliente.${Date.now()}.${serial++}@example.it`
  const registered = await call(platform, 'POST', '/register', { form: { givenName: 'Anna', familyName: 'Prova', email, password: PASSWORD }, headers: { 'x-forwarded-for': `198.51.100.${serial}` } })
  expect(registered.status).toBe(200)
  const [row] = await platform.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [email])
  return { email, id: row?.id ?? '', session: await login(platform, email, PASSWORD) }
}

/** Places an order of `quantity` units for the customer and answers its number and sku. */
async function placeOrder(session: string, quantity = 2): Promise<{ orderNumber: string; sku: string; id: string }> {
  const { form, sku } = await cartWith(platform, quantity, session)
  expect((await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id }, session })).status).toBe(303)
  const [row] = await platform.db.query<{ order_number: string }>('SELECT order_number FROM order_forms WHERE id = $1', [form.id])
  return { orderNumber: row?.order_number ?? '', sku, id: form.id }
}

const savedLines = async (session: string) =>
  (SavedCartAnswer.parse((await call(platform, 'GET', '/api/saved-carts/mine', { session })).json()).orderForm?.items ?? [])
    .filter((item) => !item.isGift)
    .map((item) => [item.sku, item.quantity])

const adminOrder = async (orderNumber: string) =>
  AdminOrderAnswer.parse((await call(platform, 'GET', `/api/admin/orders/${orderNumber}`, { headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })).json())

describe('account page sections', () => {
  it('has a section for every link of the account menu', async () => {
    const { session } = await newCustomer()
    const page = await call(platform, 'GET', '/account', { session })
    expect(page.status).toBe(200)
    for (const id of ['/orders', '/addresses', '/loyalty', '/profile', '/wishlist', '/privacy']) expect(page.text).toContain(`id="${id}"`)
    expect(page.text).toContain('data-testid="account-orders-empty"')
  })
})

describe('personal data (req GDPR-04)', () => {
  it('corrects the name and the profiling consent, keeping the email, and refuses an empty name or a forged post', async () => {
    const { session, id, email } = await newCustomer()
    const empty = await call(platform, 'POST', '/account/profile', { session, form: { givenName: ' ', familyName: 'Rossi' } })
    expect(empty.status).toBe(400)
    expect(empty.text).toContain('Inserisci il tuo nome')
    expect((await call(platform, 'POST', '/account/profile', { session, form: { givenName: 'Anna Maria', familyName: 'Rossi', profilingConsent: '1' }, csrf: false })).status).toBe(403)
    const saved = await call(platform, 'POST', '/account/profile', { session, form: { givenName: ' Anna  Maria ', familyName: 'Rossi', profilingConsent: '1', email: 'altra@example.it' } })
    expect(saved.headers.get('location')).toBe('/account#/profile')
    const [row] = await platform.db.query<{ given_name: string; family_name: string; profiling_consent: boolean; email: string }>(
      'SELECT given_name, family_name, profiling_consent, email FROM customers WHERE id = $1',
      [id],
    )
    expect(row).toEqual({ given_name: 'Anna Maria', family_name: 'Rossi', profiling_consent: true, email })
    expect((await call(platform, 'GET', '/account', { session })).text).toContain('Ciao Anna Maria')
  })
})

describe('orders (req ORDERS-01, ORDERS-02, ORDERS-03)', () => {
  it('lists every placed order with number, date, status, lines, total and delivery, newest first', async () => {
    const { session } = await newCustomer()
    const first = await placeOrder(session, 1)
    const second = await placeOrder(session, 3)
    const page = await call(platform, 'GET', '/account', { session })
    const numbers = [...page.text.matchAll(/data-testid="account-order" data-order-number="([^"]+)"/g)].map((m) => m[1])
    expect(numbers).toEqual([second.orderNumber, first.orderNumber])
    expect(page.text).toContain('Confermato')
    expect(page.text).toContain('Consegna a domicilio')
    expect(page.text).toContain('37,50 €')
    expect(page.text).toMatch(/data-testid="account-order-date">\d{1,2} \p{L}+ \d{4}</u)
    // The confirmation tells a customer where to find the order again.
    expect((await call(platform, 'GET', `/checkout?orderFormId=${first.id}`, { session })).text).toContain('href="/account#/orders"')
    const detail = await call(platform, 'GET', `/account/orders/${first.orderNumber.toLowerCase()}`, { session })
    expect(detail.status).toBe(200)
    expect(detail.text).toContain(`data-sku="${first.sku}"`)
    expect(detail.text).toContain('data-testid="order-total">12,50 €')
  })

  it('shows the pickup store of an order picked up at a store', async () => {
    const { session } = await newCustomer()
    const { id, orderNumber } = await placeOrder(session, 1)
    const [store] = await platform.db.query<{ id: string; name: string }>('SELECT id, name FROM stores ORDER BY id LIMIT 1')
    await platform.db.query('UPDATE order_forms SET pickup_store_id = $1 WHERE id = $2', [store?.id ?? '', id])
    const detail = await call(platform, 'GET', `/account/orders/${orderNumber}`, { session })
    expect(detail.text).toContain('Ritiro in negozio')
    expect(detail.text).toContain(store?.name ?? '?')
  })

  it('"Riordina" adds the lines to the cart within each maximum, and says what it could not add and why', async () => {
    const { session } = await newCustomer()
    const { orderNumber, sku } = await placeOrder(session, 4)
    const again = await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
    expect(again.status).toBe(200)
    expect(again.text).toContain(`data-testid="reorder-added" data-sku="${sku}"`)
    expect(await savedLines(session)).toEqual([[sku, 4]])
    // The maximum leaves room for 2 more: 2 are added, and the page says why not 4.
    await platform.db.query('UPDATE variants SET max_quantity = 6 WHERE sku = $1', [sku])
    const capped = await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
    expect(capped.text).toContain('Aggiunti 2 di 4: la quantità massima acquistabile è 6.')
    expect(await savedLines(session)).toEqual([[sku, 6]])
    const full = await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
    expect(full.text).toContain(`data-testid="reorder-skipped" data-sku="${sku}"`)
    expect(full.text).toContain('Nel carrello c&#39;è già la quantità massima acquistabile (6).')
    expect(full.text).toContain('Nessun articolo è stato aggiunto al carrello.')
    await platform.db.query('UPDATE variants SET max_quantity = 50 WHERE sku = $1', [sku])
  })

  it('"Riordina" leaves out a line out of stock, saying so', async () => {
    const { session } = await newCustomer()
    const { orderNumber, sku } = await placeOrder(session, 1)
    await platform.db.query('UPDATE variants SET low_price_cents = 0 WHERE sku = $1', [sku])
    try {
      const page = await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
      expect(page.text).toContain('Al momento non è disponibile.')
      expect(await savedLines(session)).toEqual([])
    } finally {
      await platform.db.query('UPDATE variants SET low_price_cents = 1250 WHERE sku = $1', [sku])
    }
  })

  it('"Riordina" adds a store\'s line only as far as the store\'s stock goes', async () => {
    const { session } = await newCustomer()
    const { orderNumber, sku, id } = await placeOrder(session, 3)
    const [store] = await platform.db.query<{ id: string; seller_id: string }>('SELECT id, seller_id FROM stores ORDER BY id LIMIT 1')
    await platform.db.query('UPDATE order_form_lines SET seller = $1 WHERE order_form_id = $2 AND sku = $3', [store?.seller_id ?? '', id, sku])
    await platform.db.query(
      'INSERT INTO store_stock (store_id, sku, quantity) VALUES ($1, $2, 2) ON CONFLICT (store_id, sku) DO UPDATE SET quantity = 2',
      [store?.id ?? '', sku],
    )
    const page = await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
    expect(page.text).toContain('Aggiunti 2 di 3: il negozio ne ha solo 2 disponibili.')
    expect(await savedLines(session)).toEqual([[sku, 2]])
    await platform.db.query('UPDATE store_stock SET quantity = 0 WHERE store_id = $1 AND sku = $2', [store?.id ?? '', sku])
    const none = await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
    expect(none.text).toContain('Il negozio da cui lo avevi preso non lo ha più disponibile.')
  })

  it("never shows or reorders another customer's order: the 404 of an unknown number", async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    const { orderNumber } = await placeOrder(owner.session, 1)
    const seen = await call(platform, 'GET', `/account/orders/${orderNumber}`, { session: other.session })
    const unknown = await call(platform, 'GET', '/account/orders/PF-NONEXISTENT1', { session: other.session })
    expect([seen.status, unknown.status]).toEqual([404, 404])
    expect(seen.text.replace(/PF-\w+/g, '')).toBe(unknown.text.replace(/PF-\w+/g, ''))
    expect((await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session: other.session, form: {} })).status).toBe(404)
    expect(await savedLines(other.session)).toEqual([])
    expect((await call(platform, 'GET', '/account', { session: other.session })).text).not.toContain(orderNumber)
  })

  it('sends a guest to the login, and refuses a reorder without the form token or from another site', async () => {
    const { session } = await newCustomer()
    const { orderNumber } = await placeOrder(session, 1)
    const guest = await call(platform, 'GET', `/account/orders/${orderNumber}`)
    expect(guest.status).toBe(303)
    expect(guest.headers.get('location')).toBe(`/login?returnUrl=${encodeURIComponent(`/account/orders/${orderNumber}`)}`)
    expect((await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {}, csrf: false })).status).toBe(403)
    expect((await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {}, headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect(await savedLines(session)).toEqual([])
  })
})

describe('addresses (req ADDR-01, ADDR-02, ADDR-03)', () => {
  const address = (overrides: Record<string, string> = {}) => ({ recipient: 'Anna Prova', street: 'Via Roma 1', postalCode: '16121', city: 'Genova', province: 'ge', phone: '', ...overrides })
  const sessionAddresses = async (session: string) => AddressesAnswer.parse((await call(platform, 'GET', '/api/session/addresses', { session })).json()).addresses
  const idsOf = async (customerId: string) =>
    platform.db.query<{ id: string; address_type: string; postal_code: string }>('SELECT id, address_type, postal_code FROM customer_addresses WHERE customer_id = $1 ORDER BY created_at, id', [customerId])

  it('adds, makes residential, edits and deletes, and the session postal code follows the residential one', async () => {
    const { session, id } = await newCustomer()
    const invalid = await call(platform, 'POST', '/account/addresses', { session, form: address({ postalCode: '1612', province: 'Genova' }) })
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain('Il CAP è fatto di 5 cifre.')
    expect(invalid.text).toContain('value="Via Roma 1"')
    // The first address becomes the residential one.
    expect((await call(platform, 'POST', '/account/addresses', { session, form: address() })).headers.get('location')).toBe('/account#/addresses')
    expect(await sessionAddresses(session)).toEqual([{ addressType: 'residential', country: 'ITA', postalCode: '16121' }])
    await call(platform, 'POST', '/account/addresses', { session, form: address({ street: 'Corso Francia 5', postalCode: '10138', city: 'Torino', province: 'TO' }) })
    expect((await sessionAddresses(session))[0]?.postalCode).toBe('16121')
    const [home, other] = await idsOf(id)
    expect([home?.address_type, other?.address_type]).toEqual(['residential', 'shipping'])
    expect((await call(platform, 'POST', `/account/addresses/${other?.id}/residential`, { session, form: {} })).status).toBe(303)
    expect(await sessionAddresses(session)).toEqual([
      { addressType: 'residential', country: 'ITA', postalCode: '10138' },
      { addressType: 'shipping', country: 'ITA', postalCode: '16121' },
    ])
    const edit = await call(platform, 'GET', `/account/addresses/${other?.id}/edit`, { session })
    expect(edit.text).toContain('value="Corso Francia 5"')
    await call(platform, 'POST', `/account/addresses/${other?.id}`, { session, form: address({ street: 'Corso Francia 7', postalCode: '10139', city: 'Torino', province: 'TO' }) })
    expect((await sessionAddresses(session))[0]?.postalCode).toBe('10139')
    expect((await call(platform, 'POST', `/account/addresses/${other?.id}/delete`, { session, form: {} })).status).toBe(303)
    expect(await sessionAddresses(session)).toEqual([{ addressType: 'shipping', country: 'ITA', postalCode: '16121' }])
    const page = await call(platform, 'GET', '/account', { session })
    expect(page.text).toContain('Via Roma 1')
    expect(page.text).not.toContain('Corso Francia')
  })

  it("never reads or changes another customer's address: the 404 of an unknown id", async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    await call(platform, 'POST', '/account/addresses', { session: owner.session, form: address() })
    const [target] = await idsOf(owner.id)
    const id = target?.id ?? ''
    const attempts = [
      await call(platform, 'GET', `/account/addresses/${id}/edit`, { session: other.session }),
      await call(platform, 'POST', `/account/addresses/${id}`, { session: other.session, form: address({ street: 'Via del Ladro 1' }) }),
      await call(platform, 'POST', `/account/addresses/${id}/residential`, { session: other.session, form: {} }),
      await call(platform, 'POST', `/account/addresses/${id}/delete`, { session: other.session, form: {} }),
    ]
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404])
    expect(attempts[0]?.text).not.toContain('Via Roma 1')
    expect(await idsOf(owner.id)).toEqual([target])
    const [row] = await platform.db.query<{ street: string }>('SELECT street FROM customer_addresses WHERE id = $1', [id])
    expect(row?.street).toBe('Via Roma 1')
    expect(await idsOf(other.id)).toEqual([])
    // A forged post (no form token) changes nothing either.
    expect((await call(platform, 'POST', `/account/addresses/${id}/delete`, { session: owner.session, form: {}, csrf: false })).status).toBe(403)
    expect(await idsOf(owner.id)).toEqual([target])
  })

  it('reads the form into a tidy address, with one Italian problem per wrong field', () => {
    expect(readAddressForm({ recipient: '  Anna   Prova ', street: 'Via Roma 1', postalCode: '16121', city: 'Genova', province: 'ge', residential: '1' })).toEqual({
      input: { recipient: 'Anna Prova', street: 'Via Roma 1', postalCode: '16121', city: 'Genova', province: 'GE', phone: '', residential: true },
      problems: [],
    })
    expect(readAddressForm({ postalCode: 'abcde', province: 'G1', phone: '<script>' }).problems).toHaveLength(6)
  })
})

describe('your data (req GDPR-01, GDPR-02, GDPR-03)', () => {
  it('downloads everything the shop holds about the customer as JSON', async () => {
    const { session, email } = await newCustomer()
    const { orderNumber } = await placeOrder(session, 1)
    await call(platform, 'POST', '/account/addresses', { session, form: { recipient: 'Anna Prova', street: 'Via Roma 1', postalCode: '16121', city: 'Genova', province: 'GE' } })
    const download = await call(platform, 'GET', '/account/data', { session })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toContain('application/json')
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="zampa-amica-dati-\d{4}-\d{2}-\d{2}\.json"$/)
    const data = download.json<Record<string, unknown>>()
    expect(data).toMatchObject({
      account: { email, givenName: 'Anna', familyName: 'Prova' },
      loyaltyCard: { bkId: expect.any(String), arcacard: expect.any(String) },
      addresses: [{ street: 'Via Roma 1', postalCode: '16121', addressType: 'residential' }],
      orders: [{ orderNumber, status: 'placed', total: 12.5 }],
    })
    expect(JSON.stringify(data)).not.toMatch(/password|token_hash|scrypt/i)
    expect((await call(platform, 'GET', '/account/data')).status).toBe(303)
  })

  it('refuses an erasure from another site, without the form token, with a forged session or a wrong password, changing nothing', async () => {
    const { session, id, email } = await newCustomer()
    const tries = [
      await call(platform, 'POST', '/account/delete', { session, form: { password: PASSWORD }, headers: { origin: 'https://evil.example' } }),
      await call(platform, 'POST', '/account/delete', { session, form: { password: PASSWORD }, headers: { 'sec-fetch-site': 'cross-site' } }),
      await call(platform, 'POST', '/account/delete', { session, form: { password: PASSWORD }, csrf: false }),
      await call(platform, 'POST', '/account/delete', { session, form: { password: PASSWORD, _csrf: 'forged-token' } }),
      await call(platform, 'POST', '/account/delete', { session: 'planted-session-token', form: { password: PASSWORD } }),
      await call(platform, 'POST', '/account/delete', { session, form: { password: 'sbagliata1' } }),
    ]
    expect(tries.map((t) => t.status)).toEqual([403, 403, 403, 403, 303, 401])
    expect(tries[5]?.text).toContain('La password non è corretta')
    expect(await platform.db.query('SELECT id FROM customers WHERE id = $1', [id])).toHaveLength(1)
    expect((await call(platform, 'GET', '/api/session', { session })).json()).toMatchObject({ person: { email } })
  })

  it("asks for the account's own password: a planted session of another customer erases nothing of the victim's", async () => {
    const victim = await newCustomer()
    const attacker = await newCustomer()
    // The attacker's session cookie planted in the victim's browser: the victim's password does not erase the attacker's account, nor their own.
    const planted = await call(platform, 'POST', '/account/delete', { session: attacker.session, form: { password: 'password-della-vittima' } })
    expect(planted.status).toBe(401)
    expect(await platform.db.query('SELECT id FROM customers WHERE id = ANY($1::text[])', [[victim.id, attacker.id]])).toHaveLength(2)
  })

  it('erases the account: personal data gone, every session ended, orders kept anonymised, cart, wishlist and favourite store removed', async () => {
    const { session, id, email } = await newCustomer()
    const otherDevice = await login(platform, email, PASSWORD)
    const { orderNumber, sku } = await placeOrder(session, 1)
    await call(platform, 'POST', '/account/addresses', { session, form: { recipient: 'Anna Prova', street: 'Via Roma 1', postalCode: '16121', city: 'Genova', province: 'GE' } })
    await call(platform, 'POST', '/api/wishlist', { session, json: { sku } })
    await call(platform, 'POST', `/account/orders/${orderNumber}/reorder`, { session, form: {} })
    const [store] = await platform.db.query<{ id: string }>('SELECT id FROM stores ORDER BY id LIMIT 1')
    await platform.db.query('INSERT INTO favourite_stores (customer_id, store_id) VALUES ($1, $2)', [id, store?.id ?? ''])
    expect(await savedLines(session)).toEqual([[sku, 1]])

    const erased = await call(platform, 'POST', '/account/delete', { session, form: { password: PASSWORD } })
    expect(erased.status).toBe(200)
    expect(erased.text).toContain('data-testid="account-deleted"')
    expect(erased.sessionToken).toBe('')

    for (const token of [session, otherDevice]) expect((await call(platform, 'GET', '/api/session', { session: token })).json()).toEqual({ person: null })
    expect((await call(platform, 'POST', '/api/session/login', { json: { email, password: PASSWORD } })).status).toBe(401)
    for (const table of ['customers', 'sessions', 'known_devices', 'saved_carts', 'wishlist_items', 'favourite_stores', 'customer_addresses']) {
      const column = table === 'customers' ? 'id' : 'customer_id'
      expect([table, await platform.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id])]).toEqual([table, []])
    }
    expect(await platform.db.query("SELECT 1 FROM order_forms WHERE customer_id = $1 OR contact_email = $2 OR (status = 'open' AND customer_id = $1)", [id, email])).toEqual([])
    const kept = await adminOrder(orderNumber)
    expect(kept).toMatchObject({ orderNumber, customerId: null, contactEmail: null, anonymisedAt: expect.any(String), items: [{ sku, quantity: 1, price: 12.5 }], total: 12.5 })
    // Nobody finds it by the erased email any more.
    const lookup = await call(platform, 'POST', '/api/orders/lookup', { json: { orderNumber, email }, headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(lookup.status).toBe(404)
    expect(() => PlacedOrder.parse(lookup.json())).toThrow()
  })
})

describe('the admin order endpoint', () => {
  it('answers only with the admin token', async () => {
    const { session } = await newCustomer()
    const { orderNumber } = await placeOrder(session, 1)
    expect((await call(platform, 'GET', `/api/admin/orders/${orderNumber}`)).status).toBe(403)
    expect((await call(platform, 'GET', `/api/admin/orders/${orderNumber}`, { headers: { 'x-admin-token': 'wrong' } })).status).toBe(403)
    expect((await call(platform, 'GET', '/api/admin/orders/PF-NONEXISTENT1', { headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })).status).toBe(404)
    expect((await adminOrder(orderNumber)).customerId).not.toBeNull()
  })
})

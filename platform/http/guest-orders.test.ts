import { PlacedOrder } from '../wire'
import { GUEST_ORDER_THROTTLE } from '../identity/throttle'
import { call as request, createTestPlatform, inBrowser, type TestPlatform } from '../testing/app'
import { OUTSIDE_ORDER_LOOKUPS } from '../identity/lookup-attempts'

const { call, cartWith: pricedCart, login: logInHere } = inBrowser()

let platform: TestPlatform

beforeAll(async () => {
  platform = await createTestPlatform(40)
})
afterAll(() => platform.close())

const MARIO = 'mario.rossi@example.it'

const cartWith = (quantity: number, session?: string) => pricedCart(platform, quantity, session)

async function orderRow(id: string) {
  const [row] = await platform.db.query<{ status: string; order_number: string | null; contact_email: string | null; customer_id: string | null }>(
    'SELECT status, order_number, contact_email, customer_id FROM order_forms WHERE id = $1',
    [id],
  )
  return row
}

/** A lookup from the client at `address` (the test platform believes X-Forwarded-For from loopback, as from the storefront). */
const lookup = (orderNumber: string, email: string, address = '192.0.2.1') =>
  call(platform, 'POST', '/api/orders/lookup', { json: { orderNumber, email }, headers: { 'x-forwarded-for': address } })

/** Places a guest order for `email` and answers its number. */
async function placed(email: string): Promise<string> {
  const { form } = await cartWith(1)
  expect((await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email } })).status).toBe(303)
  return (await orderRow(form.id))?.order_number ?? ''
}

describe('placing an order at checkout', () => {
  it("asks a guest for an email, places nothing without a valid one, and keeps the one given", async () => {
    const { form } = await cartWith(2)
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`)
    expect(page.text).toContain('data-testid="checkout-email"')

    for (const email of [undefined, '', 'non-una-email']) {
      const refused = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, ...(email === undefined ? {} : { email }) } })
      expect(refused.status).toBe(422)
      expect(refused.text).toContain('Inserisci un indirizzo email valido')
      expect((await orderRow(form.id))?.status).toBe('open')
    }

    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: '  Ospite.Uno@Example.it ' } })
    expect(placed.status).toBe(303)
    expect(await orderRow(form.id)).toMatchObject({ status: 'placed', contact_email: 'ospite.uno@example.it', customer_id: null })
  })

  it("uses a customer's own email, asks for none, and makes a guest cart they place theirs", async () => {
    const { form } = await cartWith(1)
    const session = await logInHere(platform, MARIO)
    const page = await call(platform, 'GET', `/checkout?orderFormId=${form.id}`, { session })
    expect(page.text).not.toContain('data-testid="checkout-email"')
    expect((await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'altro@example.it' }, session })).status).toBe(303)
    const row = await orderRow(form.id)
    expect(row).toMatchObject({ status: 'placed', contact_email: MARIO })
    expect(row?.customer_id).not.toBeNull()
  })
})

describe('POST /api/orders/lookup (the guest-order page)', () => {
  it('finds a placed order by its number and email, in any case, with its lines, status and total', async () => {
    const { form, sku } = await cartWith(3)
    await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite.due@example.it' } })
    const number = (await orderRow(form.id))?.order_number ?? ''
    const found = await lookup(number.toLowerCase(), 'OSPITE.DUE@example.it')
    expect(found.status).toBe(200)
    const order = PlacedOrder.parse(found.json())
    expect(order).toMatchObject({ orderNumber: number, status: 'placed', totals: { total: 37.5 } })
    expect(order.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity, i.price])).toEqual([[sku, 3, 12.5]])
    expect(Number.isNaN(Date.parse(order.placedAt))).toBe(false)
  })

  it('answers one 404 for a wrong email, an unknown number and an order not yet placed', async () => {
    const { form } = await cartWith(1)
    await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite.tre@example.it' } })
    const number = (await orderRow(form.id))?.order_number ?? ''
    const wrongEmail = await lookup(number, 'qualcun.altro@example.it')
    const unknown = await lookup('PF-999999', 'ospite.tre@example.it')
    expect(wrongEmail.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(wrongEmail.json()).toEqual(unknown.json())
    expect(wrongEmail.json().error.code).toBe('ORDER_NOT_FOUND')
  })

  it('refuses a malformed body with 400, naming the field', async () => {
    const response = await call(platform, 'POST', '/api/orders/lookup', { json: { orderNumber: 'PF-1', email: 'non-una-email' } })
    expect(response.status).toBe(400)
    expect(response.json().error.message).toContain('email')
  })

  it('slows the address that keeps guessing an order (429 with a Retry-After), and only it: the owner, from elsewhere, still finds the order', async () => {
    const number = await placed('ospite.quattro@example.it')
    const guesser = '203.0.113.90'
    for (let i = 0; i < GUEST_ORDER_THROTTLE.pair.free; i++) expect((await lookup(number, `tentativo${i}@example.it`, guesser)).status).toBe(404)
    const slowed = await lookup(number, 'ospite.quattro@example.it', guesser)
    expect(slowed.status).toBe(429)
    expect(slowed.json().error.code).toBe('TOO_MANY_LOOKUPS')
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await lookup(number, 'ospite.quattro@example.it', '198.51.100.20')).status).toBe(200)
  })

  it('caps failed lookups per address across order numbers and emails', async () => {
    const guesser = '203.0.113.91'
    for (let i = 0; i < GUEST_ORDER_THROTTLE.address.free; i++) expect((await lookup(`PF-${100000 + i}`, `tentativo${i}@example.it`, guesser)).status).toBe(404)
    const slowed = await lookup('PF-200000', 'altro@example.it', guesser)
    expect(slowed.status).toBe(429)
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await lookup('PF-200000', 'altro@example.it', '198.51.100.21')).status).toBe(404)
  })
})

describe('POST /api/orders/lookup-attempts (a storefront looking orders up at another backend)', () => {
  const charge = (address: string) => request(platform, 'POST', '/api/orders/lookup-attempts', { headers: { 'x-forwarded-for': address } })
  const takeBack = (receipt: string, address: string) => request(platform, 'DELETE', `/api/orders/lookup-attempts/${receipt}`, { headers: { 'x-forwarded-for': address } })

  it('lets no more than 5 charges in 15 minutes through for one client, even all at once, and answers the rest 429 with the wait', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => charge('192.0.2.50')))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(OUTSIDE_ORDER_LOOKUPS.allowed)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(12 - OUTSIDE_ORDER_LOOKUPS.allowed)
    expect(refused[0]!.json().error.code).toBe('TOO_MANY_LOOKUPS')
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    expect((await charge('192.0.2.51')).status).toBe(201)
  })

  it('takes a charge back only with its receipt and only for the client it was charged to', async () => {
    const receipts = []
    for (let i = 0; i < OUTSIDE_ORDER_LOOKUPS.allowed; i++) receipts.push((await charge('192.0.2.60')).json<{ receipt: string }>().receipt)
    expect((await charge('192.0.2.60')).status).toBe(429)
    // Another client holding the receipt, or the client with a made-up one, takes nothing back.
    expect((await takeBack(receipts[0]!, '192.0.2.61')).json()).toEqual({ takenBack: false })
    expect((await takeBack('0'.repeat(32), '192.0.2.60')).json()).toEqual({ takenBack: false })
    expect((await takeBack('../../x', '192.0.2.60')).status).toBe(404)
    expect((await charge('192.0.2.60')).status).toBe(429)
    expect((await takeBack(receipts[0]!, '192.0.2.60')).json()).toEqual({ takenBack: true })
    expect((await takeBack(receipts[0]!, '192.0.2.60')).json()).toEqual({ takenBack: false })
    expect((await charge('192.0.2.60')).status).toBe(201)
  })
})

describe('order numbers', () => {
  it('are random for new orders: PF- and 12 characters of an unambiguous alphabet, unique, none following from the one before', async () => {
    const numbers: string[] = []
    for (const i of [1, 2, 3]) numbers.push(await placed(`ospite.numero${i}@example.it`))
    for (const number of numbers) expect(number).toMatch(/^PF-[0-9A-HJKMNP-TV-Z]{12}$/)
    expect(new Set(numbers).size).toBe(numbers.length)
    // Consecutive orders: not neighbours in any reading of the characters.
    const value = (n: string) => BigInt(`0x${Buffer.from(n).toString('hex')}`)
    for (let i = 1; i < numbers.length; i++) expect(value(numbers[i]!) - value(numbers[i - 1]!)).not.toBe(1n)
  })

  it('keeps an order placed with a sequential number from before findable by it', async () => {
    const number = await placed('ospite.vecchio@example.it')
    await platform.db.query("UPDATE order_forms SET order_number = 'PF-100777' WHERE order_number = $1", [number])
    const found = await lookup('pf-100777', 'ospite.vecchio@example.it')
    expect(found.status).toBe(200)
    expect(PlacedOrder.parse(found.json()).orderNumber).toBe('PF-100777')
  })
})

import { PlacedOrder } from '../wire'
import { GUEST_ORDER_LIMITS } from '../identity/login-guard'
import { createTestPlatform, inBrowser, type TestPlatform } from '../testing/app'

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

const lookup = (orderNumber: string, email: string) => call(platform, 'POST', '/api/orders/lookup', { json: { orderNumber, email } })

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

  it('stops answering for an order number after repeated wrong emails, even with the right one', async () => {
    const { form } = await cartWith(1)
    await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite.quattro@example.it' } })
    const number = (await orderRow(form.id))?.order_number ?? ''
    for (let i = 0; i < GUEST_ORDER_LIMITS.perAddress; i++) expect((await lookup(number, `tentativo${i}@example.it`)).status).toBe(404)
    const blocked = await lookup(number, 'ospite.quattro@example.it')
    expect(blocked.status).toBe(404)
    expect(blocked.json().error.code).toBe('ORDER_NOT_FOUND')
  })
})

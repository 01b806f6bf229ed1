import { OrderForm, SearchResult } from '../wire'
import { GIFT_SKU } from '../db/seed/products'
import { createTestPlatform, inBrowser, login, serve, TEST_ADMIN_TOKEN, type TestPlatform } from '../testing/app'

const { call } = inBrowser()

let platform: TestPlatform
/** In stock, 10,00 €, list 12,50 €, at most 24 per line, no tiers. */
let plain: string
/** 20,00 €: from 3 units 18,00 €, from 6 units 16,00 €. */
let tiered: string
/** Like `tiered`, with the extra 5% on tier prices. */
let tieredExtra: string

async function product(sku: string): Promise<string> {
  const [row] = await platform.db.query<{ id: string }>('SELECT product_id AS id FROM variants WHERE sku = $1', [sku])
  return row?.id ?? ''
}

/** Fixes the catalog data of three SKUs so the arithmetic below is exact. */
async function prepareFixtures(): Promise<void> {
  const rows = await platform.db.query<{ sku: string }>(
    `SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1
       AND (SELECT count(*) FROM variants s WHERE s.product_id = p.id) = 1
     ORDER BY v.sku LIMIT 3`,
  )
  ;[plain, tiered, tieredExtra] = rows.map((r) => r.sku) as [string, string, string]
  const setVariant = 'UPDATE variants SET price_cents = $2, list_price_cents = $3, low_price_cents = $2, max_quantity = 24 WHERE sku = $1'
  await platform.db.query(setVariant, [plain, 1000, 1250])
  await platform.db.query(setVariant, [tiered, 2000, 2000])
  await platform.db.query(setVariant, [tieredExtra, 2000, 2000])
  const tiers = JSON.stringify([{ minQuantity: 3, valueCents: 1800 }, { minQuantity: 6, valueCents: 1600 }])
  const setProduct = 'UPDATE products SET price_tiers = $2::jsonb, tier_extra_discount = $3, min_quantity = 1 WHERE id = $1'
  await platform.db.query(setProduct, [await product(plain), '[]', false])
  await platform.db.query(setProduct, [await product(tiered), tiers, false])
  await platform.db.query(setProduct, [await product(tieredExtra), tiers, true])
}

beforeAll(async () => {
  platform = await createTestPlatform(60)
  await prepareFixtures()
})
afterAll(() => platform.close())

async function newOrderForm(session?: string): Promise<OrderForm> {
  const response = await call(platform, 'POST', '/api/orderforms', { session })
  expect(response.status).toBe(201)
  return OrderForm.parse(response.json())
}

async function add(id: string, body: unknown, session?: string) {
  return call(platform, 'POST', `/api/orderforms/${id}/items`, { json: body, session })
}

async function read(id: string, session?: string): Promise<OrderForm> {
  return OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${id}`, { session })).json())
}

describe('order forms', () => {
  it('creates an empty guest order form with an unguessable id', async () => {
    const form = await newOrderForm()
    expect(form.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(form).toMatchObject({ status: 'open', customerId: null, items: [], messages: [] })
    expect(form.totals).toEqual({ total: 0, subTotal: 0, totalItems: 0, totalUniqueItems: 0 })
    expect(await read(form.id)).toEqual(form)
  })

  it('answers 404 for unknown order forms', async () => {
    const unknown = await call(platform, 'GET', '/api/orderforms/2b1c7c1e-3a52-4d4e-9a43-6b3d5c0e9f10')
    expect(unknown.status).toBe(404)
    expect(unknown.json().error.code).toBe('ORDER_FORM_NOT_FOUND')
    expect((await call(platform, 'GET', '/api/orderforms/not-a-uuid')).status).toBe(404)
  })

  it('prices lines from the catalog, never from the request', async () => {
    const form = await newOrderForm()
    const response = await add(form.id, { sku: plain, quantity: 2, price: 0.01, listPrice: 0.01 })
    expect(response.status).toBe(200)
    const updated = OrderForm.parse(response.json())
    expect(updated.items).toHaveLength(1)
    expect(updated.items[0]).toMatchObject({ index: 0, sku: plain, seller: '1', quantity: 2, price: 10, listPrice: 12.5, isGift: false, attachments: [] })
    expect(updated.items[0]?.image.url).toBe(`${platform.url}/images/${plain}/1.webp`)
    expect(updated.totals).toEqual({ total: 20, subTotal: 25, totalItems: 2, totalUniqueItems: 1 })
  })

  it('sums a repeated line and keeps other attachments apart, in index order', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    await add(form.id, { sku: tiered, quantity: 1 })
    const subscription = [{ name: 'vtex.subscription.zampa', value: '1 mese' }]
    await add(form.id, { sku: plain, quantity: 1, attachments: subscription })
    const after = OrderForm.parse((await add(form.id, { sku: plain, quantity: 2 })).json())
    expect(after.items.filter((i) => !i.isGift).map((i) => [i.index, i.sku, i.quantity, i.attachments.length])).toEqual([
      [0, plain, 3, 0],
      [1, tiered, 1, 0],
      [2, plain, 1, 1],
    ])
    expect(after.totals.totalItems).toBe(5)
    expect(after.totals.totalUniqueItems).toBe(3)
  })

  it('applies tier prices by line quantity, with the extra 5% when flagged', async () => {
    const form = await newOrderForm()
    const price = async (sku: string, quantity: number) => {
      await call(platform, 'PUT', `/api/orderforms/${form.id}/items`, { json: { items: [{ sku, quantity }] } })
      return (await read(form.id)).items[0]?.price
    }
    expect(await price(tiered, 2)).toBe(20)
    expect(await price(tiered, 3)).toBe(18)
    expect(await price(tiered, 6)).toBe(16)
    expect(await price(tieredExtra, 2)).toBe(20)
    expect(await price(tieredExtra, 3)).toBe(17.1)
    expect(await price(tieredExtra, 6)).toBe(15.2)
  })

  it('rejects quantities above the maximum (also after summing) with 422 and changes nothing', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 20 })
    const before = await read(form.id)
    const tooMany = await add(form.id, { sku: plain, quantity: 5 })
    expect(tooMany.status).toBe(422)
    expect(tooMany.json().error).toEqual({ code: 'QUANTITY_OUT_OF_RANGE', message: `quantity must be at most 24 for sku ${plain}` })
    const direct = await add(form.id, { sku: tiered, quantity: 25 })
    expect(direct.status).toBe(422)
    const zero = await add(form.id, { sku: plain, quantity: 0 })
    expect(zero.status).toBe(422)
    expect(zero.json().error.message).toBe(`quantity must be at least 1 for sku ${plain}`)
    expect(await read(form.id)).toEqual(before)
  })

  it('answers 404 for an unknown sku and 422 for the gift-only sku', async () => {
    const form = await newOrderForm()
    const unknown = await add(form.id, { sku: '999', quantity: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.json().error).toEqual({ code: 'UNKNOWN_SKU', message: 'unknown sku 999' })
    expect((await add(form.id, { sku: GIFT_SKU, quantity: 1 })).status).toBe(422)
  })

  it.each([
    ['malformed JSON', { raw: '{"sku": "1",' }, 'request body is not valid JSON'],
    ['an empty body', { raw: '' }, 'body is required'],
    ['a missing quantity', { json: { sku: '10001' } }, 'quantity is required'],
    ['a missing sku', { json: { quantity: 1 } }, 'sku is required'],
    ['a text quantity', { json: { sku: '10001', quantity: 'due' } }, 'quantity must be number, not string'],
    ['a fractional quantity', { json: { sku: '10001', quantity: 1.5 } }, 'quantity'],
  ])('rejects %s with 400', async (_case, body, message) => {
    const form = await newOrderForm()
    const response = await call(platform, 'POST', `/api/orderforms/${form.id}/items`, body)
    expect(response.status).toBe(400)
    expect(response.json().error.message).toContain(message)
  })

  it('sets the quantity of a line, 404 when there is no such line', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    await add(form.id, { sku: tiered, quantity: 1 })
    const patched = await call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: plain, quantity: 7 } })
    expect(OrderForm.parse(patched.json()).items.map((i) => [i.sku, i.quantity, i.isGift])).toEqual([[plain, 7, false], [tiered, 1, false], [GIFT_SKU, 1, true]])
    const missing = await call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: tieredExtra, quantity: 1 } })
    expect(missing.status).toBe(404)
    expect(missing.json().error.code).toBe('LINE_NOT_FOUND')
    const tooMany = await call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: plain, quantity: 99 } })
    expect(tooMany.status).toBe(422)
  })

  it('removes a line, 404 when there is no such line', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    await add(form.id, { sku: tiered, quantity: 1 })
    const removed = await call(platform, 'POST', `/api/orderforms/${form.id}/items/remove`, { json: { sku: plain } })
    expect(OrderForm.parse(removed.json()).items.map((i) => [i.index, i.sku])).toEqual([[0, tiered]])
    expect((await call(platform, 'POST', `/api/orderforms/${form.id}/items/remove`, { json: { sku: plain } })).status).toBe(404)
  })

  it('replaces all lines, validating every one', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    const replaced = await call(platform, 'PUT', `/api/orderforms/${form.id}/items`, {
      json: { items: [{ sku: tiered, quantity: 2 }, { sku: tieredExtra, quantity: 1 }, { sku: tiered, quantity: 1 }] },
    })
    expect(OrderForm.parse(replaced.json()).items.map((i) => [i.sku, i.quantity])).toEqual([[tiered, 3], [tieredExtra, 1], [GIFT_SKU, 1]])
    const bad = await call(platform, 'PUT', `/api/orderforms/${form.id}/items`, { json: { items: [{ sku: plain, quantity: 1 }, { sku: '999', quantity: 1 }] } })
    expect(bad.status).toBe(404)
    expect((await read(form.id)).items).toHaveLength(3)
    const empty = await call(platform, 'PUT', `/api/orderforms/${form.id}/items`, { json: { items: [] } })
    expect(OrderForm.parse(empty.json()).items).toEqual([])
  })

  it('sets the named lines and leaves the others as they are; refuses the whole change for an unknown sku or a quantity out of bounds', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    await add(form.id, { sku: tiered, quantity: 1 })
    const set = await call(platform, 'POST', `/api/orderforms/${form.id}/items/set`, {
      json: { items: [{ sku: plain, quantity: 0 }, { sku: tieredExtra, quantity: 2 }, { sku: '999', quantity: 0 }] },
    })
    expect(set.status).toBe(200)
    expect(OrderForm.parse(set.json()).items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity])).toEqual([[tiered, 1], [tieredExtra, 2]])
    const before = await read(form.id)
    for (const items of [[{ sku: tiered, quantity: 3 }, { sku: '999', quantity: 1 }], [{ sku: tiered, quantity: 99 }], [{ sku: tiered, quantity: -1 }]]) {
      const refused = await call(platform, 'POST', `/api/orderforms/${form.id}/items/set`, { json: { items } })
      expect(refused.status).toBe(items[1] ? 404 : 422)
    }
    expect(await read(form.id)).toEqual(before)
  })

  it('adds the free sample from 49 € and takes it away below', async () => {
    const form = await newOrderForm()
    const under = OrderForm.parse((await add(form.id, { sku: plain, quantity: 4 })).json())
    expect(under.totals.total).toBe(40)
    expect(under.items.some((i) => i.isGift)).toBe(false)
    const over = OrderForm.parse((await add(form.id, { sku: tiered, quantity: 3 })).json())
    expect(over.totals.total).toBe(94)
    expect(over.items.at(-1)).toMatchObject({ index: 2, sku: GIFT_SKU, isGift: true, price: 0, listPrice: 0, quantity: 1, productName: 'Campione omaggio' })
    expect(over.totals).toMatchObject({ totalItems: 7, totalUniqueItems: 2 })
    const still = OrderForm.parse((await call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: plain, quantity: 5 } })).json())
    const removed = OrderForm.parse((await call(platform, 'POST', `/api/orderforms/${form.id}/items/remove`, { json: { sku: tiered } })).json())
    expect(still.items.some((i) => i.isGift)).toBe(true)
    expect(removed.totals.total).toBe(50)
    expect(removed.items.map((i) => i.sku)).toEqual([plain, GIFT_SKU])
    const below = OrderForm.parse((await call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: plain, quantity: 4 } })).json())
    expect(below.items.map((i) => i.sku)).toEqual([plain])
  })
})

describe('what no request may carry', () => {
  it('refuses NUL, control characters and unpaired surrogates in path, query and body with a 400, changing nothing', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    const refused = [
      await add(form.id, { sku: plain, seller: '1\u0000', quantity: 1 }),
      await add(form.id, { sku: plain, quantity: 1, attachments: [{ name: 'nota', value: 'x\u0007' }] }),
      await call(platform, 'POST', `/api/orderforms/${form.id}/items`, { raw: `{"sku":"${plain}","quantity":1,"attachments":[{"name":"nota","value":"\\udc00"}]}` }),
      await call(platform, 'GET', `/api/catalog/products/x%00y`),
      await call(platform, 'GET', `/api/catalog/search?q=crocchette%00`),
      await call(platform, 'GET', `/images/${plain}%00/1.webp`),
    ]
    for (const answer of refused) {
      expect(answer.status).toBe(400)
      expect(answer.json().error.code).toBe('INVALID_INPUT')
    }
    expect((await read(form.id)).items.map((i) => [i.sku, i.quantity])).toEqual([[plain, 1]])
  })

  it('refuses a body nested 5,000 levels deep with a 400', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000)
    const answer = await call(platform, 'POST', '/api/orderforms/00000000-0000-4000-8000-000000000000/items', { raw: `{"sku":"1","quantity":1,"attachments":${deep}}` })
    expect(answer.status).toBe(400)
    expect(answer.json().error.message).toMatch(/nested deeper than 16 levels/)
  })
})

describe('cart rules no request can dodge', () => {
  it('sells only as the shop or one of its stores: an invented seller is 422 and changes nothing', async () => {
    const form = await newOrderForm()
    for (const seller of ['2', 'NaN', 'zzz-fake-seller']) {
      const answer = await add(form.id, { sku: plain, seller, quantity: 1 })
      expect(answer.status).toBe(422)
      expect(answer.json().error).toEqual({ code: 'UNKNOWN_SELLER', message: `seller ${seller} does not sell in this shop` })
    }
    expect((await read(form.id)).items).toEqual([])
    const [store] = await platform.db.query<{ seller_id: string }>('SELECT seller_id FROM stores ORDER BY id LIMIT 1')
    expect((await add(form.id, { sku: plain, seller: store!.seller_id, quantity: 1 })).status).toBe(200)
    expect((await read(form.id)).items.map((i) => i.seller)).toEqual([store!.seller_id])
  })

  it("holds a sku's maximum across all its lines", async () => {
    const form = await newOrderForm()
    const [store] = await platform.db.query<{ seller_id: string }>('SELECT seller_id FROM stores ORDER BY id LIMIT 1')
    expect((await add(form.id, { sku: plain, quantity: 20 })).status).toBe(200)
    const over = await add(form.id, { sku: plain, seller: store!.seller_id, quantity: 5 })
    expect(over.status).toBe(422)
    expect(over.json().error.message).toBe(`quantity must be at most 24 for sku ${plain} across all its lines (25 in the cart)`)
    const subscription = await add(form.id, { sku: plain, quantity: 5, attachments: [{ name: 'vtex.subscription.zampa', value: '1 mese' }] })
    expect(subscription.status).toBe(422)
    expect((await add(form.id, { sku: plain, seller: store!.seller_id, quantity: 4 })).status).toBe(200)
    expect((await read(form.id)).items.filter((i) => !i.isGift).map((i) => i.quantity)).toEqual([20, 4])
  })
})

describe('reads kept in memory', () => {
  it('answers every read after a change with the change, for each kind of change', async () => {
    const form = await newOrderForm()
    expect((await read(form.id)).items).toEqual([])
    await add(form.id, { sku: plain, quantity: 2 })
    expect((await read(form.id)).items.map((i) => [i.sku, i.quantity])).toEqual([[plain, 2]])
    await call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: plain, quantity: 3 } })
    expect((await read(form.id)).items.map((i) => [i.sku, i.quantity])).toEqual([[plain, 3]])
    await call(platform, 'POST', `/api/orderforms/${form.id}/items/remove`, { json: { sku: plain } })
    expect((await read(form.id)).items).toEqual([])
  })

  it('matches order form ids in any case, lines included', async () => {
    const form = await newOrderForm()
    const upper = form.id.toUpperCase()
    const added = await add(upper, { sku: plain, quantity: 1 })
    expect(added.status).toBe(200)
    expect(OrderForm.parse(added.json()).items.map((i) => i.sku)).toEqual([plain])
    expect((await read(form.id)).items.map((i) => i.sku)).toEqual([plain])
    expect((await read(upper)).items.map((i) => i.sku)).toEqual([plain])
  })

  it('shows a price change in searches read before it', async () => {
    const headers = { 'x-admin-token': TEST_ADMIN_TOKEN }
    const [row] = await platform.db.query<{ name: string }>('SELECT p.name FROM products p JOIN variants v ON v.product_id = p.id WHERE v.sku = $1', [plain])
    const q = encodeURIComponent(row!.name.split(' ')[0]!)
    const priceIn = async () => {
      const answer = SearchResult.parse((await call(platform, 'GET', `/api/catalog/search?q=${q}&pageSize=100`)).json())
      return answer.products.flatMap((p) => p.variants).find((v) => v.sku === plain)?.price
    }
    expect(await priceIn()).toBe(10)
    await call(platform, 'PATCH', `/api/admin/skus/${plain}`, { json: { price: 9 }, headers })
    expect(await priceIn()).toBe(9)
    await call(platform, 'PATCH', `/api/admin/skus/${plain}`, { json: { price: 10 }, headers })
    expect(await priceIn()).toBe(10)
  })
})

describe('stock and the admin endpoint', () => {
  it('keeps out-of-stock variants in the cart with a warning', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 1 })
    expect((await read(form.id)).messages).toEqual([])
    const patch = await call(platform, 'PATCH', `/api/admin/skus/${plain}`, { json: { lowPrice: 0 }, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })
    expect(patch.status).toBe(200)
    expect(patch.json()).toEqual({ sku: plain, price: 10, listPrice: 12.5, lowPrice: 0 })
    const after = await read(form.id)
    expect(after.items[0]?.variants).toEqual([{ sku: plain, lowPrice: 0 }])
    expect(after.messages).toEqual([expect.objectContaining({ code: 'ITEM_UNAVAILABLE', status: 'warning' })])
    await call(platform, 'PATCH', `/api/admin/skus/${plain}`, { json: { lowPrice: 10 }, headers: { 'x-admin-token': TEST_ADMIN_TOKEN } })
    expect((await read(form.id)).messages).toEqual([])
  })

  it('reprices open order forms when the catalog price changes', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: tieredExtra, quantity: 1 })
    // Read (and so cached) at the old price first: the change must still show at once.
    expect((await read(form.id)).items[0]?.price).toBe(20)
    const headers = { 'x-admin-token': TEST_ADMIN_TOKEN }
    const patched = await call(platform, 'PATCH', `/api/admin/skus/${tieredExtra}`, { json: { price: 19.5 }, headers })
    expect(patched.json()).toEqual({ sku: tieredExtra, price: 19.5, listPrice: 20, lowPrice: 19.5 })
    expect((await read(form.id)).items[0]?.price).toBe(19.5)
    await call(platform, 'PATCH', `/api/admin/skus/${tieredExtra}`, { json: { price: 20 }, headers })
  })

  it('guards the admin endpoint and validates its body', async () => {
    const url = `/api/admin/skus/${plain}`
    expect((await call(platform, 'PATCH', url, { json: { price: 1 } })).status).toBe(403)
    expect((await call(platform, 'PATCH', url, { json: { price: 1 }, headers: { 'x-admin-token': 'nope' } })).status).toBe(403)
    const headers = { 'x-admin-token': TEST_ADMIN_TOKEN }
    const negative = await call(platform, 'PATCH', url, { json: { price: -1 }, headers })
    expect(negative.status).toBe(400)
    expect(negative.json().error.message).toBe('price must be at least 0')
    expect((await call(platform, 'PATCH', url, { json: {}, headers })).status).toBe(400)
    expect((await call(platform, 'PATCH', url, { json: { stock: 3 }, headers })).status).toBe(400)
    expect((await call(platform, 'PATCH', '/api/admin/skus/999', { json: { price: 1 }, headers })).status).toBe(404)
  })

  it('is always 403 when no admin token is configured', async () => {
    const unguarded = await serve(platform.db, null)
    try {
      const response = await call(unguarded, 'PATCH', `/api/admin/skus/${plain}`, { json: { price: 1 }, headers: { 'x-admin-token': '' } })
      expect(response.status).toBe(403)
      expect(response.json().error.code).toBe('ADMIN_DISABLED')
    } finally {
      await unguarded.close()
    }
  })
})

describe('ownership and placed order forms', () => {
  it('lets only the owner read or change a customer order form', async () => {
    const mario = await login(platform, 'mario.rossi@example.it')
    const luca = await login(platform, 'luca.verdi@example.it')
    const form = await newOrderForm(mario)
    expect(form.customerId).not.toBeNull()
    expect((await call(platform, 'GET', `/api/orderforms/${form.id}`, { session: mario })).status).toBe(200)
    for (const session of [undefined, luca]) {
      const read = await call(platform, 'GET', `/api/orderforms/${form.id}`, { session })
      expect(read.status).toBe(403)
      expect(read.json().error.code).toBe('FORBIDDEN')
      expect((await add(form.id, { sku: plain, quantity: 1 }, session)).status).toBe(403)
    }
    expect((await add(form.id, { sku: plain, quantity: 1 }, mario)).status).toBe(200)
  })

  it('rejects changes to a placed order form with 409', async () => {
    const form = await newOrderForm()
    await add(form.id, { sku: plain, quantity: 2 })
    const placed = await call(platform, 'POST', '/checkout', { form: { orderFormId: form.id, email: 'ospite@example.it' } })
    expect(placed.status).toBe(303)
    const after = await read(form.id)
    expect(after.status).toBe('placed')
    const change = await add(form.id, { sku: plain, quantity: 1 })
    expect(change.status).toBe(409)
    expect(change.json().error.code).toBe('ORDER_FORM_PLACED')
    expect((await call(platform, 'PUT', `/api/orderforms/${form.id}/items`, { json: { items: [] } })).status).toBe(409)
  })
})

import { OrderForm } from '../wire'
import { GIFT_SKU } from '../db/seed/products'
import { LOGIN_LIMITS } from '../identity/login-guard'
import type { AddressInfo } from 'node:net'
import { createTestPlatform, inBrowser, login, type TestPlatform } from '../testing/app'
import { buildApp } from './app'

const { call } = inBrowser()

const MARIO = 'mario.rossi@example.it'
const GIULIA = 'giulia.bianchi@example.it'
const LUCA = 'luca.verdi@example.it'

let platform: TestPlatform
let skus: { sku: string; max: number }[]

beforeAll(async () => {
  platform = await createTestPlatform(40)
  skus = await platform.db.query<{ sku: string; max: number }>(
    `SELECT v.sku, v.max_quantity AS max FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 ORDER BY v.sku LIMIT 3`,
  )
})
afterAll(() => platform.close())

async function cartWith(session: string | undefined, lines: [number, number][]): Promise<OrderForm> {
  const form = OrderForm.parse((await call(platform, 'POST', '/api/orderforms', { session })).json())
  for (const [i, quantity] of lines) {
    const added = await call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku: skus[i]!.sku, seller: '1', quantity }, session })
    expect(added.status).toBe(200)
  }
  return OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${form.id}`, { session })).json())
}

const paid = (form: OrderForm) => form.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity])

describe('saved carts', () => {
  it('saves a guest cart for the customer, who then finds it; a guest learns only that it is saved', async () => {
    const mario = await login(platform, MARIO)
    const guestCart = await cartWith(undefined, [[0, 2]])
    const saved = await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: guestCart.id }, session: mario })
    expect(saved.status).toBe(200)
    expect(OrderForm.parse(saved.json()).customerId).not.toBeNull()

    const mine = await call(platform, 'GET', '/api/saved-carts/mine', { session: mario })
    expect(mine.json<{ orderForm: OrderForm }>().orderForm.id).toBe(guestCart.id)
    expect((await call(platform, 'GET', `/api/saved-carts/owner?orderFormId=${guestCart.id}`, { session: mario })).json()).toEqual({ saved: true, customerId: expect.any(String) })
    expect((await call(platform, 'GET', `/api/saved-carts/owner?orderFormId=${guestCart.id}`)).json()).toEqual({ saved: true, customerId: null })
    const luca = await login(platform, LUCA)
    expect((await call(platform, 'GET', `/api/saved-carts/owner?orderFormId=${guestCart.id}`, { session: luca })).json()).toEqual({ saved: true, customerId: null })
    // The cart is now the customer's: the guest's key alone no longer opens it.
    expect((await call(platform, 'GET', `/api/orderforms/${guestCart.id}`)).status).toBe(403)
  })

  it('answers no saved customer for a fresh guest cart, and null or an empty cart by nullOnEmpty', async () => {
    const guestCart = await cartWith(undefined, [])
    expect((await call(platform, 'GET', `/api/saved-carts/owner?orderFormId=${guestCart.id}`)).json()).toEqual({ saved: false, customerId: null })
    const luca = await login(platform, LUCA)
    expect((await call(platform, 'GET', '/api/saved-carts/mine', { session: luca })).json()).toEqual({ orderForm: null })
    const empty = await cartWith(luca, [])
    await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: empty.id }, session: luca })
    expect((await call(platform, 'GET', '/api/saved-carts/mine?nullOnEmpty=true', { session: luca })).json()).toEqual({ orderForm: null })
    expect((await call(platform, 'GET', '/api/saved-carts/mine?nullOnEmpty=false', { session: luca })).json<{ orderForm: OrderForm }>().orderForm.id).toBe(empty.id)
  })

  it('never saves another customer\'s cart (no attach before the ownership check) and refuses guests', async () => {
    const giulia = await login(platform, GIULIA)
    const mario = await login(platform, MARIO)
    const giuliasCart = await cartWith(giulia, [[1, 1]])
    const stolen = await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: giuliasCart.id }, session: mario })
    expect(stolen.status).toBe(403)
    const owner = await platform.db.query<{ customer_id: string }>('SELECT customer_id FROM order_forms WHERE id = $1', [giuliasCart.id])
    expect(owner[0]?.customer_id).toBe('a3e1c0de-0002-4000-8000-000000000002')
    expect((await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: giuliasCart.id } })).status).toBe(401)
    expect((await call(platform, 'GET', '/api/saved-carts/mine')).status).toBe(401)
  })

  it('COMBINE sums equal lines into the saved cart, caps at the line maximum and drops nothing', async () => {
    const giulia = await login(platform, GIULIA)
    const saved = await cartWith(giulia, [[0, 1], [1, skus[1]!.max]])
    await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: saved.id }, session: giulia })
    const current = await cartWith(undefined, [[0, 2], [1, 1], [2, 3]])
    const merged = await call(platform, 'POST', '/api/saved-carts/mine/merge', {
      json: { savedOrderFormId: saved.id, currentOrderFormId: current.id, strategy: 'COMBINE' },
      session: giulia,
    })
    expect(merged.status).toBe(200)
    const form = OrderForm.parse(merged.json())
    expect(form.id).toBe(saved.id)
    expect(paid(form)).toEqual([
      [skus[0]!.sku, 3],
      [skus[1]!.sku, skus[1]!.max],
      [skus[2]!.sku, 3],
    ])
    // The current cart keeps its lines (a failed or repeated merge loses nothing) and, a guest cart
    // of the customer's browser, is now theirs: the browser's key alone no longer opens it.
    expect(paid(OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${current.id}`, { session: giulia })).json()))).toHaveLength(3)
    expect((await call(platform, 'GET', `/api/orderforms/${current.id}`)).status).toBe(403)
  })

  it("COMBINE leaves gifts out of the sum: two carts with the gift merge into one with the gift once, as the platform's own line", async () => {
    const [row] = await platform.db.query<{ sku: string }>(
      `SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id
       WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND p.price_tiers = '[]'::jsonb AND v.sku <> ALL($1::text[]) ORDER BY v.sku LIMIT 1`,
      [skus.map((s) => s.sku)],
    )
    const dear = row!.sku
    // 50 € a unit: one unit earns the gift (threshold 49 €).
    await platform.db.query('UPDATE variants SET price_cents = 5000, list_price_cents = 5000, low_price_cents = 5000, max_quantity = 10 WHERE sku = $1', [dear])
    const mario = await login(platform, MARIO)
    const withGift = async (session?: string) => {
      const form = OrderForm.parse((await call(platform, 'POST', '/api/orderforms', { session })).json())
      return OrderForm.parse((await call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku: dear, seller: '1', quantity: 1 }, session })).json())
    }
    const saved = await withGift(mario)
    const current = await withGift()
    for (const form of [saved, current]) expect(form.items.filter((i) => i.isGift).map((i) => [i.sku, i.quantity])).toEqual([[GIFT_SKU, 1]])
    await call(platform, 'PUT', '/api/saved-carts/mine', { json: { orderFormId: saved.id }, session: mario })
    const merged = OrderForm.parse(
      (await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: { savedOrderFormId: saved.id, currentOrderFormId: current.id, strategy: 'COMBINE' }, session: mario })).json(),
    )
    expect(merged.items.map((i) => [i.sku, i.quantity, i.isGift, i.price])).toEqual([
      [dear, 2, false, 50],
      [GIFT_SKU, 1, true, 0],
    ])
    expect(merged.totals.total).toBe(100)
  })

  it('refuses a merge into an order form that is not the customer\'s saved cart, and any other strategy', async () => {
    const giulia = await login(platform, GIULIA)
    const mario = await login(platform, MARIO)
    const marioSaved = (await call(platform, 'GET', '/api/saved-carts/mine', { session: mario })).json<{ orderForm: OrderForm }>().orderForm
    const current = await cartWith(undefined, [[0, 1]])
    const body = { savedOrderFormId: marioSaved.id, currentOrderFormId: current.id, strategy: 'COMBINE' }
    expect((await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: body, session: giulia })).status).toBe(403)
    expect((await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: { ...body, strategy: 'REPLACE' }, session: mario })).status).toBe(400)
    const giuliaCart = await cartWith(giulia, [[2, 1]])
    const foreignCurrent = { ...body, currentOrderFormId: giuliaCart.id }
    expect((await call(platform, 'POST', '/api/saved-carts/mine/merge', { json: foreignCurrent, session: mario })).status).toBe(403)
    expect(paid(OrderForm.parse((await call(platform, 'GET', `/api/orderforms/${marioSaved.id}`, { session: mario })).json()))).toEqual(paid(marioSaved))
  })
})

describe('wishlists', () => {
  it('adds once per sku, lists, and removes only the owner\'s items', async () => {
    const mario = await login(platform, MARIO)
    const luca = await login(platform, LUCA)
    const first = await call(platform, 'POST', '/api/wishlist', { json: { sku: skus[0]!.sku }, session: mario })
    expect(first.status).toBe(200)
    const { id } = first.json<{ id: string }>()
    expect((await call(platform, 'POST', '/api/wishlist', { json: { sku: skus[0]!.sku }, session: mario })).json()).toEqual({ id })
    const list = (await call(platform, 'GET', '/api/wishlist', { session: mario })).json<{ items: { id: string; sku: string; productId: string }[] }>()
    expect(list.items).toEqual([{ id, sku: skus[0]!.sku, productId: expect.any(String) }])
    expect((await call(platform, 'GET', '/api/wishlist', { session: luca })).json()).toEqual({ items: [] })

    expect((await call(platform, 'DELETE', `/api/wishlist/${id}`, { session: luca })).json()).toEqual({ removed: false })
    expect((await call(platform, 'GET', '/api/wishlist', { session: mario })).json<{ items: unknown[] }>().items).toHaveLength(1)
    expect((await call(platform, 'DELETE', `/api/wishlist/${id}`, { session: mario })).json()).toEqual({ removed: true })
    expect((await call(platform, 'DELETE', `/api/wishlist/${id}`, { session: mario })).json()).toEqual({ removed: false })
  })

  it('answers 404 for an unknown sku, 400 for no sku, and 401 to guests', async () => {
    const mario = await login(platform, MARIO)
    expect((await call(platform, 'POST', '/api/wishlist', { json: { sku: 'nope' }, session: mario })).status).toBe(404)
    expect((await call(platform, 'POST', '/api/wishlist', { json: {}, session: mario })).status).toBe(400)
    expect((await call(platform, 'GET', '/api/wishlist')).status).toBe(401)
    expect((await call(platform, 'POST', '/api/wishlist', { json: { sku: skus[0]!.sku } })).status).toBe(401)
  })
})

describe('account page', () => {
  it('lists the wishlist in the #/wishlist section with a way to the product to buy it', async () => {
    const luca = await login(platform, LUCA)
    expect((await call(platform, 'GET', '/account', { session: luca })).text).not.toContain('data-testid="account-wishlist-item"')
    await call(platform, 'POST', '/api/wishlist', { json: { sku: skus[2]!.sku }, session: luca })
    const page = (await call(platform, 'GET', '/account', { session: luca })).text
    expect(page).toContain('id="/wishlist"')
    expect(page).toContain(`data-testid="account-wishlist-item" data-sku="${skus[2]!.sku}"`)
    expect(page).toMatch(new RegExp(`href="[^"]*/p\\?skuId=${skus[2]!.sku}"`))
    await call(platform, 'DELETE', `/api/wishlist/${(await call(platform, 'GET', '/api/wishlist', { session: luca })).json<{ items: { id: string }[] }>().items[0]!.id}`, { session: luca })
  })
})

describe('addresses', () => {
  it('answers the customer\'s addresses, residential first', async () => {
    const mario = await login(platform, MARIO)
    const { addresses } = (await call(platform, 'GET', '/api/session/addresses', { session: mario })).json<{ addresses: { addressType: string }[] }>()
    expect(addresses.map((a) => a.addressType)).toEqual(['residential', 'commercial'])
    expect((await call(platform, 'GET', '/api/session/addresses')).status).toBe(401)
  })
})

describe('login security', () => {
  it('changes the session id at login and closes the previous session', async () => {
    const before = await login(platform, MARIO)
    const again = await call(platform, 'POST', '/api/session/login', { json: { email: MARIO, password: 'Password123!' }, session: before })
    expect(again.sessionToken).toBeTruthy()
    expect(again.sessionToken).not.toBe(before)
    expect((await call(platform, 'GET', '/api/session', { session: before })).json()).toEqual({ person: null })
    expect((await call(platform, 'GET', '/api/session', { session: again.sessionToken })).json<{ person: { email: string } }>().person.email).toBe(MARIO)
  })

  it('logout ends the session on the platform, not only the cookie', async () => {
    const token = await login(platform, LUCA)
    const out = await call(platform, 'POST', '/api/session/logout', { session: token })
    expect(out.sessionToken).toBe('')
    expect((await call(platform, 'GET', '/api/session', { session: token })).json()).toEqual({ person: null })
  })

  it('limits failed logins per account with one message for every failure, then refuses even the right password', async () => {
    const email = 'giulia.bianchi@example.it'
    const messages = new Set<string>()
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const failed = await call(platform, 'POST', '/api/session/login', { json: { email, password: `wrong-${i}` } })
      expect(failed.status).toBe(401)
      messages.add(failed.text)
    }
    const unknown = await call(platform, 'POST', '/api/session/login', { json: { email: 'nobody@example.it', password: 'whatever1' } })
    messages.add(unknown.text)
    const blocked = await call(platform, 'POST', '/api/session/login', { json: { email, password: 'Password123!' } })
    expect(blocked.status).toBe(401)
    expect(blocked.sessionToken).toBeUndefined()
    messages.add(blocked.text)
    expect(messages.size).toBe(1)
    // Another account from the same address still logs in.
    expect(await login(platform, MARIO)).toBeTruthy()
  })

  it('limits failed logins per address across accounts (every test request comes from 127.0.0.1)', async () => {
    await platform.db.query("DELETE FROM login_failures WHERE key LIKE 'ip:%'")
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await call(platform, 'POST', '/api/session/login', { json: { email: `probe${i}@example.it`, password: 'whatever1' } })
    }
    const blocked = await call(platform, 'POST', '/api/session/login', { json: { email: LUCA, password: 'Password123!' } })
    expect(blocked.status).toBe(401)
    await platform.db.query("DELETE FROM login_failures WHERE key LIKE 'ip:%'")
    expect(await login(platform, LUCA)).toBeTruthy()
  })

  describe('behind a load balancer (PLATFORM_TRUST_PROXY)', () => {
    const flood = async (target: TestPlatform, forwardedFor: (i: number) => string) => {
      await platform.db.query("DELETE FROM login_failures WHERE key LIKE 'ip:%'")
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
        const failed = await call(target, 'POST', '/api/session/login', { json: { email: `probe${i}@example.it`, password: 'whatever1' }, headers: { 'x-forwarded-for': forwardedFor(i) } })
        expect(failed.status).toBe(401)
      }
    }
    const loginFrom = (target: TestPlatform, address: string) => call(target, 'POST', '/api/session/login', { json: { email: LUCA, password: 'Password123!' }, headers: { 'x-forwarded-for': address } })

    it("counts failures per shopper's address as the trusted balancer reports it, not per balancer", async () => {
      const app = await buildApp({ db: platform.db, publicUrl: platform.url, trustProxy: ['127.0.0.1'] })
      await app.listen({ host: '127.0.0.1', port: 0 })
      const behind: TestPlatform = { ...platform, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() }
      try {
        await flood(behind, () => '203.0.113.7')
        expect((await loginFrom(behind, '203.0.113.7')).status).toBe(401)
        expect((await loginFrom(behind, '203.0.113.8')).status).toBe(200)
      } finally {
        await behind.close()
        await platform.db.query("DELETE FROM login_failures WHERE key LIKE 'ip:%'")
      }
    })

    it('trusting no proxy by default, a client cannot escape the limit by naming another address', async () => {
      try {
        await flood(platform, (i) => `198.51.100.${i + 1}`)
        expect((await loginFrom(platform, '198.51.100.200')).status).toBe(401)
      } finally {
        await platform.db.query("DELETE FROM login_failures WHERE key LIKE 'ip:%'")
      }
    })
  })
})

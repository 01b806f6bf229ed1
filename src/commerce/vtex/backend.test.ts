/** The VTEX backend over the simulator: catalog, cart, faults and the app token's secrecy. */
import { CommerceError } from '../errors'
import type { RequestContext } from '../../domain/types'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'
import { createVtexCommerce } from '.'
import { MAX_RETRIES } from './client'
import { BACKENDS } from '../backends'
import { composeCommerce } from '../compose'

let vtex: VtexSimulator
let env: NodeJS.ProcessEnv
const logged: string[] = []

beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 40 })
  env = { COMMERCE: 'vtex', VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_SALES_CHANNEL: '1', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN, VTEX_TIMEOUT_MS: '2000' }
  // Every line the code under test writes is kept for the token check.
  for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const) jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
}, 60_000)
afterAll(async () => {
  jest.restoreAllMocks()
  await vtex?.close()
})

const answers: unknown[] = []
const keep = <T>(value: T): T => (answers.push(value), value)
const sleeps: number[] = []
const commerce = () => createVtexCommerce(env, { sleep: async (ms) => void sleeps.push(ms) })

describe('catalog over Intelligent Search and the Catalog API', () => {
  it('reads the category tree and brands of the seed catalog', async () => {
    const categories = keep(await commerce().catalog.categories())
    expect(categories).toHaveLength(vtex.seed.categories.length)
    expect(categories.map((c) => c.slug).sort()).toEqual(vtex.seed.categories.map((c) => c.slug).sort())
    const brands = keep(await commerce().catalog.brands())
    expect(brands.map((b) => b.name).sort()).toEqual(vtex.seed.brands.map((b) => b.name).sort())
  })

  it('pages products from zero, in a stable order, covering the listed catalog once', async () => {
    const listed = vtex.seed.products.filter((p) => p.listed)
    const seen: string[] = []
    for (let page = 0; ; page++) {
      const answer = keep(await commerce().catalog.products(page, 15))
      expect(answer.total).toBe(listed.length)
      seen.push(...answer.items.map((p) => p.id))
      if (answer.items.length < 15) break
    }
    expect(seen.sort()).toEqual(listed.map((p) => p.id).sort())
  })

  it('offers the subscription plans the catalog keeps as the `subscriptionFrequencies` specification, and none where it keeps none', async () => {
    const listed = vtex.seed.products.filter((p) => p.listed)
    const answer = keep(await commerce().catalog.products(0, listed.length))
    const plans = new Map(answer.items.map((p) => [p.id, p.subscription?.frequencies ?? null]))
    expect(listed.some((p) => p.subscriptionFrequencies?.length)).toBe(true)
    for (const p of listed) expect([p.id, plans.get(p.id)]).toEqual([p.id, p.subscriptionFrequencies?.length ? p.subscriptionFrequencies : null])
    // A fact, not a property the product page lists.
    expect(answer.items.flatMap((p) => p.properties.map((x) => x.name))).not.toContain('subscriptionFrequencies')
  })

  /** The tiers the seed gives a product, at the price the shop charges them: what its fixed prices in VTEX's Pricing say. */
  const seedTiers = (p: (typeof vtex.seed.products)[number]) =>
    p.priceTiers.map((t) => ({ minQuantity: t.minQuantity, value: Math.min(p.variants[0]!.priceCents, p.tierExtraDiscount ? Math.round(t.valueCents * 0.95) : t.valueCents) / 100 }))

  it('reads each product’s price tiers from Pricing’s fixed prices on the sales channel’s trade policy, with the app key', async () => {
    const listed = vtex.seed.products.filter((p) => p.listed)
    expect(listed.some((p) => p.priceTiers.length > 0 && p.tierExtraDiscount)).toBe(true)
    const answer = keep(await commerce().catalog.products(0, listed.length))
    const tiers = new Map(answer.items.map((p) => [p.id, [p.priceTiers, p.tierExtraDiscount]]))
    // Neither the sku's own fixed price from 1 unit, nor an expired scheduled one, nor another trade policy's is a tier.
    for (const p of listed) expect([p.id, tiers.get(p.id)]).toEqual([p.id, [seedTiers(p), false]])
    const anonymous = createVtexCommerce({ ...env, VTEX_APP_KEY: '', VTEX_APP_TOKEN: '' })
    await expect(anonymous.catalog.products(0, 5)).rejects.toMatchObject({ status: 503, message: expect.stringContaining('VTEX_APP_KEY') })
  })

  it('reads the tiers of the trade policy VTEX_SALES_CHANNEL names, not another’s', async () => {
    const tiered = vtex.seed.products.filter((p) => p.listed && p.priceTiers.length > 0)
    const answer = await createVtexCommerce({ ...env, VTEX_SALES_CHANNEL: '2' }).catalog.products(0, vtex.seed.products.length)
    for (const p of tiered) {
      const policy2 = vtex.fixedPrices.get(p.variants[0]!.sku)!.filter((f) => f.tradePolicyId === '2')
      expect(answer.items.find((x) => x.id === p.id)!.priceTiers).toEqual(policy2.map((f) => ({ minQuantity: f.minQuantity, value: f.value })))
    }
  })

  it('takes a scheduled fixed price only within its dates, in place of the unscheduled one, and Checkout charges what the page shows', async () => {
    const product = vtex.seed.products.find((p) => p.listed && p.priceTiers.length > 0 && p.variants[0]!.maxQuantity >= 3)!
    const sku = product.variants[0]!.sku
    const kept = vtex.fixedPrices.get(sku)!
    const day = 24 * 60 * 60 * 1000
    const scheduled = { tradePolicyId: '1', value: 0.5, listPrice: null, minQuantity: 3 }
    try {
      vtex.fixedPrices.set(sku, [...kept, { ...scheduled, dateRange: { from: new Date(Date.now() - day).toISOString(), to: new Date(Date.now() + day).toISOString() } }])
      const read = async () => (await commerce().catalog.products(0, vtex.seed.products.length)).items.find((p) => p.id === product.id)!.priceTiers
      expect((await read()).find((t) => t.minQuantity === 3)).toEqual({ minQuantity: 3, value: 0.5 })
      const browser: RequestContext = {}
      const { cart } = commerce()
      const created = await cart.create(browser)
      expect((await cart.addItem(created.id, { sku, seller: '1', quantity: 3, attachments: [] }, browser)).items[0]!.price).toBe(0.5)
      vtex.fixedPrices.set(sku, [...kept, { ...scheduled, dateRange: { from: new Date(Date.now() + day).toISOString(), to: new Date(Date.now() + 2 * day).toISOString() } }])
      expect(await read()).toEqual(seedTiers(product))
      expect((await cart.get(created.id, browser)).items[0]!.price).toBe(seedTiers(product).find((t) => t.minQuantity === 3)!.value)
    } finally {
      vtex.fixedPrices.set(sku, kept)
    }
  })

  it('searches a category with a brand facet and a price sort, with facet counts', async () => {
    const product = vtex.seed.products.find((p) => p.listed)!
    const category = product.category.slug.split('/')[0]!
    const brand = vtex.seed.brands.find((b) => b.id === product.brandId)!
    const result = keep(await commerce().catalog.search({ term: null, category, filters: [{ key: 'brand', value: brand.slug }], sort: 'price_asc', page: 0, pageSize: 5 }))
    expect(result.total).toBeGreaterThan(0)
    expect(result.products.every((p) => p.brand.name === brand.name)).toBe(true)
    const prices = result.products.map((p) => Math.min(...p.hasVariant.map((v) => v.offers.price)))
    expect([...prices].sort((a, b) => a - b)).toEqual(prices)
    expect(result.facets.find((f) => f.key === 'brand')!.values[0]).toMatchObject({ value: brand.slug, quantity: result.total })
  })

  it('refuses a facet that would rewrite the path with 400, before asking VTEX', async () => {
    const before = vtex.validator.counts.requests
    await expect(commerce().catalog.search({ term: null, category: null, filters: [{ key: 'brand', value: 'x/trade-policy/2' }], sort: 'score_desc', page: 0, pageSize: 5 })).rejects.toMatchObject({ status: 400 })
    expect(vtex.validator.counts.requests).toBe(before)
  })

  it('suggests terms and products for what a shopper types', async () => {
    const word = vtex.seed.products[0]!.name.split(' ')[0]!.toLowerCase().slice(0, 4)
    const suggestions = keep(await commerce().catalog.suggestions(word, { terms: 3, products: 2 }))
    expect(suggestions.terms.length).toBeGreaterThan(0)
    expect(suggestions.terms.length).toBeLessThanOrEqual(3)
    expect(suggestions.terms.every((t) => t.value.startsWith(word))).toBe(true)
    expect(suggestions.products.length).toBeGreaterThan(0)
  })

  describe('a term with a typo (req SEARCH-14)', () => {
    // A word of six letters or more in a listed product's name, with one letter dropped: no product holds it.
    const word = () => vtex.seed.products.filter((p) => p.listed).flatMap((p) => p.name.toLowerCase().split(/[^a-zà-ù]+/)).find((w) => w.length >= 6)!
    const typo = () => word().slice(0, 2) + word().slice(3)
    const searchFor = (term: string) => commerce().catalog.search({ term, category: null, filters: [], sort: 'score_desc', page: 0, pageSize: 5 })
    const corrections = (from: number) => vtex.received.slice(from).filter((r) => r.path.endsWith('/correction_search'))

    it('finds the corrected term’s products and names the correction, asking correction_search only once nothing matched', async () => {
      const exact = await searchFor(word())
      expect(exact.total).toBeGreaterThan(0)
      const from = vtex.received.length
      const corrected = keep(await searchFor(typo()))
      expect(corrected.correction).toEqual({ term: word() })
      expect(corrected.total).toBe(exact.total)
      expect(corrected.products.map((p) => p.id)).toEqual(exact.products.map((p) => p.id))
      expect(corrections(from)).toHaveLength(1)
      expect(corrections(from)[0]!.query).toMatchObject({ query: typo(), locale: 'it-IT' })
      const again = vtex.received.length
      expect((await searchFor(word())).correction).toBeUndefined()
      expect(corrections(again)).toHaveLength(0)
    })

    it('answers no results, with no correction, for a term nothing corrects', async () => {
      const result = await searchFor('zzqxjv')
      expect(result).toMatchObject({ total: 0, products: [] })
      expect(result.correction).toBeUndefined()
    })

    it('keeps the empty answer when correction_search fails: the shopper loses only the suggestion', async () => {
      vtex.faults.push({ status: 500, pathContains: 'correction_search' })
      const result = await searchFor(typo())
      expect(vtex.faults).toHaveLength(0)
      expect(result).toMatchObject({ total: 0, products: [] })
      expect(result.correction).toBeUndefined()
    })
  })
})

describe('cart over Checkout order forms', () => {
  const inStock = () => vtex.seed.products.flatMap((p) => p.variants).filter((v) => v.lowPriceCents > 0 && v.maxQuantity >= 3)
  it('creates, adds, changes a quantity and removes a line, keeping VTEX’s cookies in the browser', async () => {
    const browser: RequestContext = {}
    const [a, b] = inStock() as [(typeof vtex.seed.products)[number]['variants'][number], (typeof vtex.seed.products)[number]['variants'][number]]
    const { cart } = commerce()
    const created = keep(await cart.create(browser))
    expect(browser.issued?.map((c) => c.name).sort()).toEqual(['__Host-CheckoutOrderFormOwnership', '__Host-checkout.vtex.com'])
    await cart.addItem(created.id, { sku: a.sku, seller: '1', quantity: 1, attachments: [] }, browser)
    const added = keep(await cart.addItem(created.id, { sku: b.sku, seller: '1', quantity: 2, attachments: [] }, browser))
    expect(added.items.map((i) => [i.itemOffered.sku, i.quantity, i.price])).toEqual([[a.sku, 1, a.priceCents / 100], [b.sku, 2, b.priceCents / 100]])
    const changed = keep(await cart.updateItem(created.id, { sku: a.sku, seller: '1', quantity: 3, attachments: [] }, browser))
    expect(changed.items.map((i) => i.quantity)).toEqual([3, 2])
    const removed = keep(await cart.removeItem(created.id, { sku: a.sku, seller: '1', attachments: [] }, browser))
    expect(removed.items.map((i) => i.itemOffered.sku)).toEqual([b.sku])
    await expect(cart.removeItem(created.id, { sku: a.sku, seller: '1', attachments: [] }, browser)).rejects.toMatchObject({ status: 404 })
    const replaced = keep(await cart.replaceItems(created.id, [{ sku: a.sku, seller: '1', quantity: 1, attachments: [] }, { sku: a.sku, seller: '1', quantity: 1, attachments: [] }], browser))
    expect(replaced.items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([[a.sku, 2]])
    expect(keep(await cart.get(created.id, browser))).toEqual(replaced)
  })

  it('prices a line as Checkout does by its quantity: the fixed price of the highest minimum reached, the sku’s price again below it', async () => {
    const product = vtex.seed.products.find((p) => p.listed && p.priceTiers.length > 0 && p.variants[0]!.maxQuantity >= 6)!
    const { sku, priceCents } = product.variants[0]!
    const charged = (minQuantity: number) => vtex.fixedPrices.get(sku)!.find((f) => f.tradePolicyId === '1' && f.minQuantity === minQuantity && !f.dateRange)!.value
    const browser: RequestContext = {}
    const { cart } = commerce()
    const created = await cart.create(browser)
    const line = (quantity: number) => ({ sku, seller: '1', quantity, attachments: [] })
    const prices: [number, number][] = []
    await cart.addItem(created.id, line(1), browser)
    for (const quantity of [2, 3, 5, 6, 3, 1]) prices.push([quantity, keep(await cart.updateItem(created.id, line(quantity), browser)).items[0]!.price])
    // Quantity 2 is the minimum of an expired scheduled price and of trade policy 2's: neither prices this line.
    expect(prices).toEqual([[2, priceCents / 100], [3, charged(3)], [5, charged(3)], [6, charged(6)], [3, charged(3)], [1, priceCents / 100]])
    expect(charged(6)).toBeLessThan(charged(3))
    expect(charged(3)).toBeLessThan(priceCents / 100)
  })

  it('names VTEX_SALES_CHANNEL on every order-form call, so Checkout charges the tiers that trade policy’s pages show', async () => {
    const product = vtex.seed.products.find((p) => p.listed && p.priceTiers.length > 0 && p.variants[0]!.maxQuantity >= 3)!
    const { sku, priceCents } = product.variants[0]!
    const policy2 = vtex.fixedPrices.get(sku)!.find((f) => f.tradePolicyId === '2' && f.minQuantity === 2)!.value
    const { cart, catalog } = createVtexCommerce({ ...env, VTEX_SALES_CHANNEL: '2' })
    const browser: RequestContext = {}
    const from = vtex.received.length
    const created = await cart.create(browser)
    const line = (quantity: number) => ({ sku, seller: '1', quantity, attachments: [] })
    await cart.addItem(created.id, line(1), browser)
    const two = keep(await cart.updateItem(created.id, line(2), browser))
    expect(two.items[0]!.price).toBe(policy2)
    expect(policy2).not.toBe(priceCents / 100)
    // What the product page of this shop shows for 2 units is what the order form charges.
    const shown = (await catalog.products(0, vtex.seed.products.length)).items.find((p) => p.id === product.id)!.priceTiers
    expect(shown).toContainEqual({ minQuantity: 2, value: policy2 })
    const formCalls = vtex.received.slice(from).filter((r) => r.path.startsWith('/api/checkout/pub/orderForm'))
    expect(formCalls.length).toBeGreaterThanOrEqual(3)
    for (const call of formCalls) expect(call.query.sc).toBe('2')
  })

  it('answers a quantity Checkout caps with 422 and VTEX’s words, putting the cart back; an unknown sku is a 404', async () => {
    const browser: RequestContext = {}
    const variant = inStock()[0]!
    const { cart } = commerce()
    const created = await cart.create(browser)
    const before = await cart.addItem(created.id, { sku: variant.sku, seller: '1', quantity: 1, attachments: [] }, browser)
    const error = await cart.addItem(created.id, { sku: variant.sku, seller: '1', quantity: variant.maxQuantity + 5, attachments: [] }, browser).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, code: 'unprocessable', message: expect.stringContaining('non è disponibile') })
    expect(await cart.get(created.id, browser)).toEqual(before)
    await expect(cart.addItem(created.id, { sku: 'no-such-sku', seller: '1', quantity: 1, attachments: [] }, browser)).rejects.toMatchObject({ status: 404 })
  })

  it('carries the messages VTEX keeps on the order form to the cart, by their status', async () => {
    const browser: RequestContext = {}
    const { cart } = commerce()
    const created = await cart.create(browser)
    // A message Checkout leaves on the form between calls, as when a price changes.
    vtex.orderForms.get(created.id)!.messages.push({ code: 'itemPriceChanged', text: 'Il prezzo di un articolo è cambiato', status: 'info' }, { code: 'withoutStock', text: 'Un articolo non è più disponibile', status: 'error' })
    expect(keep(await cart.get(created.id, browser)).messages).toEqual([
      { text: 'Il prezzo di un articolo è cambiato', status: 'info' },
      { text: 'Un articolo non è più disponibile', status: 'error' },
    ])
  })

  it('sends a subscription line’s plan as a `vtex.subscription.*` item attachment with VTEX’s frequency key, and reads it back', async () => {
    const browser: RequestContext = {}
    const variant = inStock()[0]!
    const { cart } = commerce()
    const created = await cart.create(browser)
    const attachments = [{ name: 'vtex.subscription.zampa', value: '1 mese' }]
    const after = keep(await cart.addItem(created.id, { sku: variant.sku, seller: '1', quantity: 1, attachments }, browser))
    expect(vtex.orderForms.get(created.id)!.lines[0]!.attachments).toEqual([{ name: 'vtex.subscription.zampa', content: { 'vtex.subscription.key.frequency': '1 mese' } }])
    expect(after.items[0]!.itemOffered.additionalProperty).toEqual([{ name: 'vtex.subscription.zampa', value: '1 mese', valueReference: 'ATTACHMENT' }])
  })

  it('keeps gift lines apart: never counted as the shopper’s lines, never sent back by a replacement', async () => {
    const browser: RequestContext = {}
    const [paid, gift] = inStock() as [(typeof vtex.seed.products)[number]['variants'][number], (typeof vtex.seed.products)[number]['variants'][number]]
    const { cart } = commerce()
    const created = await cart.create(browser)
    await cart.addItem(created.id, { sku: paid.sku, seller: '1', quantity: 1, attachments: [] }, browser)
    // A promotion's gift, as Checkout adds it: a line of its own, flagged isGift.
    vtex.orderForms.get(created.id)!.lines.push({ id: gift.sku, seller: '1', quantity: 1, attachments: [], isGift: true })
    const read = await cart.get(created.id, browser)
    expect(read.items.map((i) => [i.itemOffered.sku, i.isGift])).toEqual([[paid.sku, false], [gift.sku, true]])
    await expect(cart.updateItem(created.id, { sku: gift.sku, seller: '1', quantity: 2, attachments: [] }, browser)).rejects.toMatchObject({ status: 404 })
    const replaced = await cart.replaceItems(created.id, [{ sku: paid.sku, seller: '1', quantity: 2, attachments: [] }], browser)
    expect(replaced.items.map((i) => [i.itemOffered.sku, i.quantity, i.isGift])).toEqual([[paid.sku, 2, false], [gift.sku, 1, true]])
  })

  it('gives another browser the 404 of an unknown order form', async () => {
    const { cart } = commerce()
    const created = await cart.create({})
    await expect(cart.get(created.id, {})).rejects.toMatchObject({ status: 404, code: 'not_found' })
  })
})

describe('the vtex backend as configuration chooses it', () => {
  it('serves carts with COMMERCE=vtex: the composed cart is a VTEX order form, the capabilities VTEX leaves named to the embedded platform', async () => {
    expect(BACKENDS.vtex?.cart).toEqual(expect.any(Function))
    const composed = composeCommerce({ ...env, COMMERCE_LOYALTY: 'embedded' }, BACKENDS)
    const browser: RequestContext = {}
    const created = await composed.cart.create(browser)
    expect(vtex.orderForms.has(created.id)).toBe(true)
    const variant = vtex.seed.products.flatMap((p) => p.variants).find((v) => v.lowPriceCents > 0)!
    const added = await composed.cart.addItem(created.id, { sku: variant.sku, seller: '1', quantity: 1, attachments: [] }, browser)
    expect(vtex.orderForms.get(created.id)!.lines.map((l) => [l.id, l.quantity])).toEqual(added.items.map((i) => [i.itemOffered.sku, i.quantity]))
    expect(() => composeCommerce(env, BACKENDS)).toThrow('COMMERCE=vtex: the vtex backend does not serve the loyalty; backends that do: embedded')
  })
})

describe('faults (req VTEX-02)', () => {
  it('retries a 429 after its Retry-After, a bounded number of times', async () => {
    sleeps.length = 0
    vtex.faults.push({ status: 429, retryAfter: 2 }, { status: 429, retryAfter: 1 })
    expect(keep(await commerce().catalog.categories()).length).toBeGreaterThan(0)
    expect(sleeps).toEqual([2000, 1000])
    sleeps.length = 0
    for (let i = 0; i <= MAX_RETRIES; i++) vtex.faults.push({ status: 429, retryAfter: 1 })
    const error = await commerce().catalog.categories().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CommerceError)
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 1 })
    expect(sleeps).toHaveLength(MAX_RETRIES)
  })

  it('does not wait out a Retry-After longer than its bound: the 429 is the caller’s, with the wait', async () => {
    sleeps.length = 0
    vtex.faults.push({ status: 429, retryAfter: 120 })
    await expect(commerce().catalog.categories()).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 })
    expect(sleeps).toEqual([])
  })

  it('turns a 5xx into the embedded backend’s 502 and a time-out into its 504', async () => {
    vtex.faults.push({ status: 503 })
    await expect(commerce().catalog.categories()).rejects.toMatchObject({ status: 502, code: 'backend_error' })
    vtex.faults.push({ status: 500, pathContains: '/orderForm' })
    await expect(commerce().cart.create({})).rejects.toMatchObject({ status: 502, code: 'backend_error' })
    vtex.faults.push({ delayMs: 3_000 })
    await expect(commerce().catalog.brands()).rejects.toMatchObject({ status: 504, code: 'backend_timeout' })
    // The message names the route, never the query string, which holds what the shopper typed.
    vtex.faults.push({ delayMs: 3_000, pathContains: 'autocomplete_suggestions' })
    const late = (await commerce().catalog.suggestions('termine-riservato', { terms: 3, products: 0 }).catch((error: unknown) => error)) as { status: number; message: string }
    expect(late.status).toBe(504)
    expect(late.message).toMatch(/autocomplete_suggestions within/)
    expect(late.message).not.toContain('termine-riservato')
  })

  it('answers 503 when VTEX cannot be reached', async () => {
    const closed = createVtexCommerce({ ...env, VTEX_API_URL: 'http://127.0.0.1:9' })
    await expect(closed.catalog.categories()).rejects.toMatchObject({ status: 503, code: 'backend_unavailable' })
  })
})

describe('the app token (req VTEX-03)', () => {
  it('sends it to private routes only, and no answer, error or log line of the run carries it', async () => {
    await commerce().catalog.brands()
    const errors = await Promise.all([commerce().catalog.search({ term: null, category: 'no-such', filters: [], sort: 'score_desc', page: 0, pageSize: 1 }).catch((e: unknown) => e)])
    const everything = JSON.stringify([answers, errors.map((e) => [String(e), JSON.stringify(e)]), logged])
    expect(answers.length).toBeGreaterThan(10)
    expect(everything).not.toContain(SIMULATOR_APP_TOKEN)
    expect(everything).not.toContain(SIMULATOR_APP_KEY)
  })

  it('says every request and answer of the run matched the published schemas', () => {
    process.stdout.write(`VTEX simulator: ${vtex.validator.counts.requests} requests and ${vtex.validator.counts.answers} answers validated, ${vtex.validator.counts.violations} violations\n`)
    expect(vtex.validator.violations).toEqual([])
    expect(vtex.validator.counts.answers).toBeGreaterThan(20)
  })
})

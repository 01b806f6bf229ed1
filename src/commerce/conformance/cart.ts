/**
 * The conformance suite of the cart (capabilities/cart.ts): each method with
 * its answers and its documented failures, checked only through the
 * interface and what the setup provides. The catalog is its oracle (a line's
 * price, bounds and product data are the catalog's), and `login` and
 * `placeOrder` bring the logged-in shoppers and the placed cart the rules
 * speak of. A backend serving the cart runs it from a test file of its own
 * folder (see ./index.ts):
 *
 *   cartConformance('my backend', async () => ({ commerce: { catalog, cart }, login, placeOrder, fixtures, close }))
 *
 * The suite reads the whole catalog once, so point the setup at a small test
 * catalog (tens of products). It changes only carts it creates.
 *
 * A backend whose platform has no equivalent for one of the shop's rules
 * declares it in `lacks`, with the reason, and docs name where the rule is
 * served instead; the cases of that rule are then skipped, and only those.
 */
import { randomUUID } from 'node:crypto'
import { unitPriceFor } from '../../domain/tiers'
import type { CartItem, RequestContext } from '../../domain/types'
import { lines, paid, plantedIn, refusesEveryCall, rejection, UNKNOWN_SKU } from './checks'
import { shopping } from './oracle'
import { itChecksFixtures, prepare, type SuiteSetup } from './setup'

export type CartSetup = SuiteSetup<'catalog' | 'cart', 'seller' | 'sku' | 'otherSku' | 'outOfStockSku' | 'tieredSku' | 'minQuantitySku' | 'customers', 'login' | 'placeOrder'>

const attachmentsOf = (item: CartItem) =>
  item.itemOffered.additionalProperty.filter((p) => p.valueReference === 'ATTACHMENT').map((p) => ({ name: p.name, value: p.value }))

/** The shop's cart rules a platform may have no equivalent for; each is the reason the backend gives. */
export interface CartRulesLacking {
  /** Price tiers: a line priced by the quantity it reaches. */
  priceTiers?: string
  /** A product's minimum quantity per line. */
  minQuantity?: string
  /** A guest cart claimed only by a login made in the browser holding it, never by a session cookie planted there. */
  claimBoundToLogin?: string
}

export function cartConformance(name: string, setup: () => Promise<CartSetup>, lacks: CartRulesLacking = {}): void {
  /** A case of a rule the backend may lack: skipped, with the reason in its name, when it declares it. */
  const itUnless = (rule: keyof CartRulesLacking, title: string, body: () => Promise<void>) =>
    lacks[rule] === undefined ? it(title, body) : it.skip(`${title} (lacks ${rule}: ${lacks[rule]})`, body)
  /** One guest's browser: what the platform issues to it stays in it (see RequestContext). */
  const GUEST: RequestContext = {}
  describe(`cart conformance: ${name}`, () => {
    let context: CartSetup
    let commerce: CartSetup['commerce']
    let fixtures: CartSetup['fixtures']
    const { shopper, entry, line, start } = shopping()
    prepare(setup, async (made) => {
      context = made
      ;({ commerce, fixtures } = made)
      await start(made)
    })

    itChecksFixtures(entry, () => fixtures, lacks)

    it('creates an empty guest cart that get answers the same', async () => {
      const cart = await commerce.cart.create(GUEST)
      expect(cart.id).not.toBe('')
      expect(cart.items).toEqual([])
      expect(await commerce.cart.get(cart.id, GUEST)).toEqual(cart)
    })

    it('rejects an unknown cart with 404, for reading and for every change', async () => {
      const id = randomUUID()
      await rejection(commerce.cart.get(id, GUEST), 404, 'not_found')
      await rejection(commerce.cart.get('not-a-cart-id', GUEST), 404, 'not_found')
      await rejection(commerce.cart.addItem(id, line(fixtures.sku, 1), GUEST), 404, 'not_found')
      await rejection(commerce.cart.replaceItems(id, [], GUEST), 404, 'not_found')
    })

    it('adds a new line at the catalog price, with its product and stock data', async () => {
      const cart = await commerce.cart.create(GUEST)
      const after = await commerce.cart.addItem(cart.id, line(fixtures.sku, 2), GUEST)
      const { product, variant } = entry(fixtures.sku)
      expect(after.id).toBe(cart.id)
      expect(paid(after)).toHaveLength(1)
      const item = paid(after)[0]!
      expect(item).toMatchObject({ quantity: 2, price: variant.offers.price, listPrice: variant.offers.listPrice, seller: { identifier: fixtures.seller } })
      expect(item.itemOffered).toMatchObject({ sku: fixtures.sku, slug: product.slug, gtin: variant.gtin, brand: { name: product.brand.name } })
      expect(item.itemOffered.isVariantOf.productGroupID).toBe(product.id)
      expect(item.itemOffered.isVariantOf.hasVariant).toContainEqual({ sku: fixtures.sku, offers: { lowPrice: variant.offers.lowPrice } })
      expect(await commerce.cart.get(cart.id, GUEST)).toEqual(after)
    })

    it('sums the same sku into its line and keeps lines with other attachments apart', async () => {
      const cart = await commerce.cart.create(GUEST)
      const attachment = [{ name: 'vtex.subscription.zampa', value: '1 mese' }]
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.otherSku, 1), GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1, attachment), GUEST)
      const after = await commerce.cart.addItem(cart.id, line(fixtures.sku, 2), GUEST)
      expect(paid(after).map((i) => [i.itemOffered.sku, i.quantity, attachmentsOf(i)])).toEqual([
        [fixtures.sku, 3, []],
        [fixtures.otherSku, 1, []],
        [fixtures.sku, 1, attachment],
      ])
    })

    it('rejects an unknown sku with 404 and leaves the cart as it was', async () => {
      const cart = await commerce.cart.create(GUEST)
      const before = await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      await rejection(commerce.cart.addItem(cart.id, line(UNKNOWN_SKU, 1), GUEST), 404, 'not_found')
      expect(await commerce.cart.get(cart.id, GUEST)).toEqual(before)
    })

    it('rejects quantities outside the line’s bounds with 422, also after summing, and changes nothing', async () => {
      const { variant } = entry(fixtures.sku)
      const cart = await commerce.cart.create(GUEST)
      const before = await commerce.cart.addItem(cart.id, line(fixtures.sku, variant.maxQuantity - 1), GUEST)
      await rejection(commerce.cart.addItem(cart.id, line(fixtures.sku, 2), GUEST), 422, 'unprocessable')
      await rejection(commerce.cart.addItem(cart.id, line(fixtures.otherSku, entry(fixtures.otherSku).variant.maxQuantity + 1), GUEST), 422, 'unprocessable')
      await rejection(commerce.cart.addItem(cart.id, line(fixtures.otherSku, 0), GUEST), 422, 'unprocessable')
      expect(await commerce.cart.get(cart.id, GUEST)).toEqual(before)
      expect(lines(await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST))).toEqual([[fixtures.sku, variant.maxQuantity]])
    })

    itUnless('minQuantity', "rejects fewer units than the product's minimum with 422", async () => {
      const { product } = entry(fixtures.minQuantitySku)
      const cart = await commerce.cart.create(GUEST)
      await rejection(commerce.cart.addItem(cart.id, line(fixtures.minQuantitySku, product.minQuantity - 1), GUEST), 422, 'unprocessable')
      const after = await commerce.cart.addItem(cart.id, line(fixtures.minQuantitySku, product.minQuantity), GUEST)
      expect(lines(after)).toEqual([[fixtures.minQuantitySku, product.minQuantity]])
    })

    it('keeps an out-of-stock sku in the cart, its line saying it is out of stock', async () => {
      const cart = await commerce.cart.create(GUEST)
      const after = await commerce.cart.addItem(cart.id, line(fixtures.outOfStockSku, 1), GUEST)
      const item = paid(after).find((i) => i.itemOffered.sku === fixtures.outOfStockSku)!
      expect(item.itemOffered.isVariantOf.hasVariant.find((v) => v.sku === fixtures.outOfStockSku)!.offers.lowPrice).toBeLessThanOrEqual(0)
    })

    itUnless('priceTiers', 'prices a line by the highest price tier its quantity reaches, as the product page shows', async () => {
      const { product, variant } = entry(fixtures.tieredSku)
      const cart = await commerce.cart.create(GUEST)
      const quantities = [1, ...product.priceTiers.map((t) => t.minQuantity)]
      for (const quantity of quantities) {
        const after = await commerce.cart.replaceItems(cart.id, [line(fixtures.tieredSku, quantity)], GUEST)
        expect([quantity, paid(after)[0]!.price]).toEqual([quantity, unitPriceFor(product.priceTiers, variant.offers.price, product.tierExtraDiscount, quantity)])
      }
    })

    it('sets the quantity of a line in its place; 404 for a line not in the cart, 422 out of bounds', async () => {
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.otherSku, 1), GUEST)
      const updated = await commerce.cart.updateItem(cart.id, line(fixtures.sku, 3), GUEST)
      expect(lines(updated)).toEqual([[fixtures.sku, 3], [fixtures.otherSku, 1]])
      await rejection(commerce.cart.updateItem(cart.id, line(fixtures.tieredSku, 1), GUEST), 404, 'not_found')
      await rejection(commerce.cart.updateItem(cart.id, line(fixtures.sku, 0), GUEST), 422, 'unprocessable')
      await rejection(commerce.cart.updateItem(cart.id, line(fixtures.sku, entry(fixtures.sku).variant.maxQuantity + 1), GUEST), 422, 'unprocessable')
      expect(lines(await commerce.cart.get(cart.id, GUEST))).toEqual(lines(updated))
    })

    it('removes a line; 404 for a line not in the cart', async () => {
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.otherSku, 2), GUEST)
      const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
      const removed = await commerce.cart.removeItem(cart.id, selector, GUEST)
      expect(lines(removed)).toEqual([[fixtures.otherSku, 2]])
      await rejection(commerce.cart.removeItem(cart.id, selector, GUEST), 404, 'not_found')
    })

    it('replaces the paid lines with exactly the given ones, summing repeats; [] empties it', async () => {
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      const replaced = await commerce.cart.replaceItems(cart.id, [line(fixtures.otherSku, 2), line(fixtures.tieredSku, 1), line(fixtures.otherSku, 1)], GUEST)
      expect(lines(replaced)).toEqual([[fixtures.otherSku, 3], [fixtures.tieredSku, 1]])
      expect(paid(await commerce.cart.replaceItems(cart.id, [], GUEST))).toEqual([])
    })

    it('sets the named lines in one step, adding a missing one and taking away one set to 0, and leaves the others as they are', async () => {
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.otherSku, 2), GUEST)
      const set = await commerce.cart.setItems(cart.id, [line(fixtures.sku, 0), line(fixtures.tieredSku, 1), line(fixtures.outOfStockSku, 0), line(fixtures.tieredSku, 1)], GUEST)
      expect(lines(set)).toEqual([[fixtures.otherSku, 2], [fixtures.tieredSku, 2]])
      expect(lines(await commerce.cart.setItems(cart.id, [line(fixtures.otherSku, 3)], GUEST))).toEqual([[fixtures.otherSku, 3], [fixtures.tieredSku, 2]])
      expect(lines(await commerce.cart.setItems(cart.id, [], GUEST))).toEqual([[fixtures.otherSku, 3], [fixtures.tieredSku, 2]])
    })

    it('rejects a setting with an unknown sku (404) or a quantity out of bounds (422) and changes nothing', async () => {
      const cart = await commerce.cart.create(GUEST)
      const before = await commerce.cart.replaceItems(cart.id, [line(fixtures.sku, 1), line(fixtures.otherSku, 1)], GUEST)
      await rejection(commerce.cart.setItems(cart.id, [line(fixtures.sku, 0), line(UNKNOWN_SKU, 1)], GUEST), 404, 'not_found')
      await rejection(commerce.cart.setItems(cart.id, [line(fixtures.sku, 2), line(fixtures.otherSku, entry(fixtures.otherSku).variant.maxQuantity + 1)], GUEST), 422, 'unprocessable')
      await rejection(commerce.cart.setItems(cart.id, [line(fixtures.sku, -1)], GUEST), 422, 'unprocessable')
      expect(await commerce.cart.get(cart.id, GUEST)).toEqual(before)
    })

    it('keeps both changes two tabs of one browser make at once: one adds a line while the other sets other lines', async () => {
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      await Promise.all([commerce.cart.addItem(cart.id, line(fixtures.otherSku, 1), GUEST), commerce.cart.setItems(cart.id, [line(fixtures.tieredSku, 2), line(fixtures.sku, 2)], GUEST)])
      const after = await commerce.cart.get(cart.id, GUEST)
      expect(lines(after).sort()).toEqual([[fixtures.otherSku, 1], [fixtures.sku, 2], [fixtures.tieredSku, 2]].sort())
      // Two tabs each bringing a line of their own: both lines are in the cart.
      await Promise.all([commerce.cart.setItems(cart.id, [line(fixtures.outOfStockSku, 1)], GUEST), commerce.cart.setItems(cart.id, [line(fixtures.otherSku, 0)], GUEST)])
      expect(lines(await commerce.cart.get(cart.id, GUEST)).sort()).toEqual([[fixtures.outOfStockSku, 1], [fixtures.sku, 2], [fixtures.tieredSku, 2]].sort())
    })

    it('rejects a replacement with an unknown sku (404) or a quantity out of bounds (422) and keeps every line', async () => {
      const cart = await commerce.cart.create(GUEST)
      const before = await commerce.cart.replaceItems(cart.id, [line(fixtures.sku, 1), line(fixtures.otherSku, 1)], GUEST)
      await rejection(commerce.cart.replaceItems(cart.id, [line(fixtures.sku, 2), line(UNKNOWN_SKU, 1)], GUEST), 404, 'not_found')
      await rejection(commerce.cart.replaceItems(cart.id, [line(fixtures.sku, 2), line(fixtures.otherSku, 0)], GUEST), 422, 'unprocessable')
      expect(await commerce.cart.get(cart.id, GUEST)).toEqual(before)
    })

    it("gives a logged-in shopper's cart to them alone: 403 for another shopper and for a guest", async () => {
      const [mine, theirs] = shopper as [RequestContext, RequestContext]
      const cart = await commerce.cart.create(mine)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), mine)
      const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
      for (const other of [theirs, GUEST]) {
        await refusesEveryCall(commerce.cart, cart.id, { add: line(fixtures.sku, 1), update: line(fixtures.sku, 2), remove: selector }, other, 403, 'forbidden')
      }
      expect(lines(await commerce.cart.get(cart.id, mine))).toEqual([[fixtures.sku, 1]])
    })

    it('answers 409 for a placed cart, to reading and to every change', async () => {
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, entry(fixtures.sku).variant.maxQuantity), GUEST)
      await context.placeOrder(cart.id, GUEST)
      const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
      await refusesEveryCall(commerce.cart, cart.id, { add: line(fixtures.otherSku, 1), update: line(fixtures.sku, 1), remove: selector }, GUEST, 409, 'conflict')
    })

    it('binds a guest cart to the browser that created it: any other browser, guest or logged in, gets the 404 of an unknown id', async () => {
      const [someone] = shopper as [RequestContext]
      const cart = await commerce.cart.create(GUEST)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
      const { quantity: _quantity, ...selector } = line(fixtures.sku, 1)
      for (const other of [{}, someone]) {
        await refusesEveryCall(commerce.cart, cart.id, { add: line(fixtures.sku, 1), update: line(fixtures.sku, 2), remove: selector }, other, 404, 'not_found')
      }
      expect(lines(await commerce.cart.get(cart.id, GUEST))).toEqual([[fixtures.sku, 1]])
    })

    it('lets a shopper who logs in holding a guest cart claim it: it becomes theirs', async () => {
      const [mine] = shopper as [RequestContext]
      const browser: RequestContext = {}
      const cart = await commerce.cart.create(browser)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), browser)
      const claimed = await commerce.cart.get(cart.id, await context.login(fixtures.customers.shopper, browser))
      expect(lines(claimed)).toEqual([[fixtures.sku, 1]])
      expect(lines(await commerce.cart.get(cart.id, mine))).toEqual([[fixtures.sku, 1]])
      await rejection(commerce.cart.get(cart.id, browser), 403, 'forbidden')
    })

    itUnless('claimBoundToLogin', 'lets no session opened in another browser claim a guest cart, even carried with its key: the cart stays the guest\'s', async () => {
      const [someone] = shopper as [RequestContext]
      const browser: RequestContext = {}
      const cart = await commerce.cart.create(browser)
      await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), browser)
      expect(lines(await commerce.cart.get(cart.id, plantedIn(browser, someone)))).toEqual([[fixtures.sku, 1]])
      await rejection(commerce.cart.get(cart.id, someone), 404, 'not_found')
      expect(lines(await commerce.cart.get(cart.id, browser))).toEqual([[fixtures.sku, 1]])
    })
  })
}

/**
 * What the conformance suites ask of a backend's test: the setup it
 * provides, the fixtures its test catalog names (with the check that they
 * are what they claim), and how a suite makes and closes the setup.
 *
 * A request context is a browser: what the adapter puts in its `issued`
 * cookies (a guest cart's key) stays with it. A suite logs a browser in by
 * giving a context the session cookie `login` answered and that browser's
 * issued cookies.
 */
import type { Capability, Commerce } from '../capabilities'
import { unitPriceFor } from '../../domain/tiers'
import type { RequestContext } from '../../domain/types'
import type { GeoPoint } from '../../domain/store'
import type { Entry } from './oracle'

export interface Credentials {
  email: string
  password: string
}

/** What a backend's test catalog holds, named so the suites can find it. */
export interface Fixtures {
  /** The seller of every sku below. */
  seller: string
  /** In stock, its product without price tiers and with minQuantity 1; a line takes 3 units or more, and a full line reaches the minimum order. */
  sku: string
  /** Like `sku`, of another product. */
  otherSku: string
  /** Listed, but its variant is out of stock (lowPrice 0 or less). */
  outOfStockSku: string
  /** In stock, its product with price tiers that lower the unit price, at least as many units per line as the highest tier. */
  tieredSku: string
  /** In stock, its product's minQuantity above 1. */
  minQuantitySku: string
  /** A word the search finds in some listed products, not in all. */
  searchTerm: string
  /** Three different customers; `vet` is a veterinarian, the other two are not. */
  customers: { shopper: Credentials; otherShopper: Credentials; vet: Credentials }
  /** A point with at least two stores within 100 km. */
  point: GeoPoint
  /** An Italian postal code and the town it belongs to. */
  postalCode: string
  town: string
}

/** Everything the five suites ask of a backend's test; each suite takes only its part (`SuiteSetup`). */
export interface ConformanceSetup {
  commerce: Commerce
  /**
   * Logs a customer in and answers the request context that carries their
   * session: in a browser of its own, or in `browser` (carrying what the
   * platform issued to it, the key of its guest cart), which is then that
   * browser logged in.
   */
  login(credentials: Credentials, browser?: RequestContext): Promise<RequestContext>
  fixtures: Fixtures
  /**
   * Places the order of a cart the way a shopper's checkout would (checkout is
   * the platform's, not the adapter's). The cart suite fills the cart with as
   * many units of `fixtures.sku` as a line takes.
   */
  placeOrder(cartId: string, ctx: RequestContext): Promise<void>
  close?(): Promise<void>
}

/** What one suite asks of the setup: the capabilities it calls, the fixtures it names, and `login` or `placeOrder` when it needs them. */
export type SuiteSetup<C extends Capability, F extends keyof Fixtures, M extends 'login' | 'placeOrder' = never> = {
  commerce: Pick<Commerce, C>
  fixtures: Pick<Fixtures, F>
  close?(): Promise<void>
} & Pick<ConformanceSetup, M>

/** Makes a suite's setup before its first case, hands it to `start`, and closes it after the last case. */
export function prepare<S extends { close?(): Promise<void> }>(setup: () => Promise<S>, start: (made: S) => Promise<void>): void {
  let made: S | undefined
  beforeAll(async () => {
    made = await setup()
    await start(made)
  }, 120_000)
  afterAll(() => made?.close?.())
}

/** The setup's two customers who are not veterinarians, each logged in in a browser of their own. */
export async function logInShoppers(setup: Pick<ConformanceSetup, 'login'> & { fixtures: Pick<Fixtures, 'customers'> }): Promise<[RequestContext, RequestContext]> {
  return [await setup.login(setup.fixtures.customers.shopper), await setup.login(setup.fixtures.customers.otherShopper)]
}

type SkuFixtures = Pick<Fixtures, 'sku' | 'otherSku' | 'outOfStockSku' | 'tieredSku' | 'minQuantitySku'>

/** The check that the skus a setup names are what `Fixtures` says, so a failing case blames the backend, not its fixtures. */
export function itChecksFixtures(entry: (sku: string) => Entry, read: () => SkuFixtures, lacks: { priceTiers?: string; minQuantity?: string } = {}): void {
  it('names fixtures that are what they claim to be', () => {
    const { sku, otherSku, outOfStockSku, tieredSku, minQuantitySku } = read()
    for (const s of [sku, otherSku]) {
      expect(entry(s).variant.offers.lowPrice).toBeGreaterThan(0)
      expect(entry(s).product.priceTiers).toEqual([])
      expect(entry(s).product.minQuantity).toBe(1)
      expect(entry(s).variant.maxQuantity).toBeGreaterThanOrEqual(3)
    }
    expect(entry(sku).product.id).not.toBe(entry(otherSku).product.id)
    expect(entry(outOfStockSku).variant.offers.lowPrice).toBeLessThanOrEqual(0)
    // A backend that declares it lacks a rule names any plain sku for it (cartConformance's `lacks`).
    if (lacks.minQuantity === undefined) {
      expect(entry(minQuantitySku).product.minQuantity).toBeGreaterThan(1)
      expect(entry(minQuantitySku).variant.offers.lowPrice).toBeGreaterThan(0)
    }
    if (lacks.priceTiers !== undefined) return
    const tiered = entry(tieredSku)
    expect(tiered.variant.offers.lowPrice).toBeGreaterThan(0)
    expect(tiered.product.priceTiers.length).toBeGreaterThan(0)
    const top = Math.max(...tiered.product.priceTiers.map((t) => t.minQuantity))
    expect(tiered.variant.maxQuantity).toBeGreaterThanOrEqual(top)
    expect(unitPriceFor(tiered.product.priceTiers, tiered.variant.offers.price, tiered.product.tierExtraDiscount, top)).toBeLessThan(tiered.variant.offers.price)
  })
}

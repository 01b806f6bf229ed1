/** Every conformance suite over the embedded backend and a test platform (PGlite, or PostgreSQL under `npm run test:pg`). */
import { conformance, type Credentials } from '../conformance'
import { createEmbeddedCommerce } from './'
import { PLATFORM_CART_COOKIE, PLATFORM_SESSION_COOKIE } from '../../../platform/wire'
import { cookieHeader } from '../http/cookies'
import { MINIMUM_ORDER_CENTS } from '../../../platform/cart/pricing'
import { SEED_CUSTOMERS, type SeedCustomer } from '../../../platform/db/seed/customers'
import { call, createTestPlatform, login } from '../../../platform/testing/app'
import type { Db } from '../../../platform/db/types'

/** One listed in-stock sku from each of the first `count` products matching `where` (on variant v and product p). */
async function skus(db: Db, where: string, count: number): Promise<string[]> {
  const rows = await db.query<{ sku: string }>(
    `SELECT DISTINCT ON (p.position) v.sku FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND ${where} ORDER BY p.position, v.sku LIMIT ${count}`,
  )
  if (rows.length < count) throw new Error(`the test catalog has fewer than ${count} products where ${where}`)
  return rows.map((r) => r.sku)
}

/**
 * The seed has every kind of sku the suites name, but a small catalog may
 * lack an out-of-stock one or a product with a minimum quantity: the setup
 * turns two plain skus into those, the way the catalog would hold them.
 */
async function fixtures(db: Db) {
  // As many units as a line takes reach the minimum order, so the cart suite can place an order of one line.
  const plain = `p.price_tiers = '[]'::jsonb AND p.min_quantity = 1 AND v.max_quantity >= 3 AND v.price_cents * v.max_quantity >= ${MINIMUM_ORDER_CENTS}`
  const [sku, otherSku, outOfStockSku, minQuantitySku] = (await skus(db, plain, 4)) as [string, string, string, string]
  const reachesTopTier = `p.min_quantity = 1 AND jsonb_array_length(p.price_tiers) > 0
    AND v.max_quantity >= (SELECT max((t->>'minQuantity')::int) FROM jsonb_array_elements(p.price_tiers) t)`
  const [tieredSku] = (await skus(db, reachesTopTier, 1)) as [string]
  await db.query('UPDATE variants SET low_price_cents = 0 WHERE sku = $1', [outOfStockSku])
  await db.query('UPDATE products SET min_quantity = 2 WHERE id = (SELECT product_id FROM variants WHERE sku = $1)', [minQuantitySku])
  return { sku, otherSku, outOfStockSku, tieredSku, minQuantitySku }
}

const credentials = ({ email, password }: SeedCustomer): Credentials => ({ email, password })
const [shopper, otherShopper] = SEED_CUSTOMERS.filter((c) => !c.isVet) as [SeedCustomer, SeedCustomer]
const vet = SEED_CUSTOMERS.find((c) => c.isVet)!

conformance('embedded platform', async () => {
  const platform = await createTestPlatform(60)
  const skusOf = await fixtures(platform.db)
  return {
    commerce: createEmbeddedCommerce({ baseUrl: platform.url }),
    // Logging in from a browser carries its cookies (the guest-cart key) to the platform, as the login page's post does.
    login: async ({ email, password }, browser = {}) => {
      const key = browser.issued?.find((c) => c.name === PLATFORM_CART_COOKIE)?.value
      return { cookie: `${PLATFORM_SESSION_COOKIE}=${await login(platform, email, password, key)}`, issued: browser.issued }
    },
    fixtures: {
      seller: '1',
      ...skusOf,
      searchTerm: 'crocchette',
      customers: { shopper: credentials(shopper), otherShopper: credentials(otherShopper), vet: credentials(vet) },
      point: { lat: 44.4056, lng: 8.9463 },
      postalCode: '19038',
      town: 'Sarzana',
    },
    placeOrder: async (cartId, ctx) => {
      const response = await call(platform, 'POST', '/checkout', { form: { orderFormId: cartId, email: 'ospite@example.it' }, headers: { cookie: cookieHeader(ctx) ?? '' } })
      if (response.status !== 303) throw new Error(`checkout of ${cartId} answered ${response.status}`)
    },
    close: () => platform.close(),
  }
})

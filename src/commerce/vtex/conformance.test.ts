/**
 * The conformance suites of the capabilities the VTEX backend serves, over
 * the simulator: the catalog's unchanged, the cart's without the cases of the
 * rules VTEX has no equivalent for (VTEX_LACKS, each with its reason; the
 * embedded platform runs them all). The capabilities it leaves to the embedded
 * platform (docs/vtex.md) are proved by ../embedded/conformance.test.ts.
 * Closing the setup fails the suite when any request or answer of the run
 * broke VTEX's published schemas (req VTEX-05).
 */
import { cartConformance } from '../conformance/cart'
import { catalogConformance } from '../conformance/catalog'
import type { Credentials } from '../conformance'
import type { VtexSimulator } from './testing/simulator'
import { createVtexCommerce } from '.'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator } from './testing/simulator'
import { logIn } from './testing/login'

catalogConformance('vtex over the simulator', async () => {
  const vtex = await startVtexSimulator({ products: 60 })
  const env = { VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }
  return {
    commerce: createVtexCommerce(env),
    fixtures: { searchTerm: 'crocchette' },
    close: async () => {
      await vtex.close()
      const { requests, answers, violations } = vtex.validator.counts
      process.stdout.write(`VTEX catalog conformance: ${requests} requests and ${answers} answers validated, ${violations} violations\n`)
      if (violations) throw new Error(`VTEX wire violations: ${JSON.stringify(vtex.validator.violations)}`)
    },
  }
})

/**
 * The cart's fixtures from the simulator's seed: plain skus (no tiers, minimum 1, at
 * least 3 units a line) of different products, an sku whose fixed prices in VTEX's
 * Pricing are price tiers it can reach, and a listed sku out of stock.
 */
function cartFixtures(vtex: VtexSimulator) {
  const listed = vtex.seed.products.filter((p) => p.listed)
  const plain = listed.filter((p) => p.priceTiers.length === 0 && p.minQuantity === 1).map((p) => p.variants.find((v) => v.lowPriceCents > 0 && v.maxQuantity >= 3)).filter((v) => v !== undefined)
  const tiered = listed
    .filter((p) => p.priceTiers.length > 0 && p.minQuantity === 1)
    .flatMap((p) => p.variants.filter((v) => v.lowPriceCents > 0 && v.maxQuantity >= Math.max(...p.priceTiers.map((t) => t.minQuantity))))
    .find((v) => vtex.fixedPrices.has(v.sku))
  const outOfStock = listed.flatMap((p) => p.variants).find((v) => v.lowPriceCents <= 0)
  const [sku, otherSku, minQuantitySku] = plain.map((v) => v.sku) as [string, string, string]
  if (!outOfStock || !minQuantitySku || !tiered) throw new Error('the simulated catalog lacks the skus the cart suite names')
  return { seller: '1', sku, otherSku, outOfStockSku: outOfStock.sku, tieredSku: tiered.sku, minQuantitySku }
}

/**
 * The shop's cart rules VTEX has no equivalent for (docs/vtex.md, "The cart on VTEX"): the
 * catalog VTEX serves carries no minimum quantities, and Checkout lets whatever VTEX ID
 * session reaches it with a guest cart's ownership cookie take that cart. Price tiers are
 * VTEX's: Pricing's fixed prices by minimum quantity, which Checkout applies.
 */
const VTEX_LACKS = {
  minQuantity: 'Checkout has no minimum quantity per product (only a unit multiplier), so it cannot refuse a line below one',
  claimBoundToLogin:
    "Checkout gives a guest order form to the VTEX ID session that reaches it with the form's ownership cookie. The adapter sends VTEX ID's cookie only beside the __Host- companion this host set at the login (./session.ts), which no other origin can plant, but a session carried whole into another browser, companion and all, still claims the cart",
}

cartConformance('vtex over the simulator', async () => {
  const vtex = await startVtexSimulator({ products: 60 })
  const env = { VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }
  const customers = vtex.seed.customers.filter((c) => !c.isVet)
  const credentials = (c: { email: string; password: string }): Credentials => ({ email: c.email, password: c.password })
  const commerce = createVtexCommerce(env)
  return {
    commerce,
    fixtures: { ...cartFixtures(vtex), customers: { shopper: credentials(customers[0]!), otherShopper: credentials(customers[1]!), vet: credentials(vtex.seed.customers.find((c) => c.isVet)!) } },
    login: ({ email }, browser = {}) => logIn(vtex, commerce.identity.login!, email, browser),
    placeOrder: async (cartId) => {
      const form = vtex.orderForms.get(cartId)
      if (!form) throw new Error(`no order form ${cartId}`)
      form.placed = true
    },
    close: async () => {
      await vtex.close()
      const { requests, answers, violations } = vtex.validator.counts
      process.stdout.write(`VTEX cart conformance: ${requests} requests and ${answers} answers validated, ${violations} violations\n`)
      if (violations) throw new Error(`VTEX wire violations: ${JSON.stringify(vtex.validator.violations)}`)
    },
  }
}, VTEX_LACKS)

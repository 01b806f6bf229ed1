/**
 * The identity and stores conformance suites over the simulator, unchanged,
 * beside the catalog's (./conformance.test.ts). Identity fills carts through
 * the VTEX cart (./cart.ts), as its suite asks. Town names and the place
 * nearest a point come from the embedded platform's geography, which VTEX
 * has none of (docs/vtex.md): here its geocoder, without a platform running.
 * Loyalty has no VTEX equivalent and is proved only on the embedded platform.
 * Closing each setup fails the suite when any request or answer of its run
 * broke VTEX's published schemas (req VTEX-05).
 */
import { identityConformance } from '../conformance/identity'
import { readCatalog } from '../conformance/oracle'
import { storesConformance } from '../conformance/stores'
import type { StoresAdapter } from '../capabilities'
import { notFound } from '../errors'
import { Geocoder } from '../../../platform/stores/geo'
import { SEED_CUSTOMERS, type SeedCustomer } from '../../../platform/db/seed/customers'
import type { RequestContext } from '../../domain/types'
import { createVtexCommerce } from '.'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './testing/simulator'
import { logIn } from './testing/login'

let geocoder: Geocoder | undefined
/** The embedded platform's geography as its geo routes answer it. */
const geography: StoresAdapter['geo'] = {
  lookup: async (query) => (geocoder ??= Geocoder.load()).lookup(query) ?? Promise.reject(notFound(`no place ${query}`)),
  reverse: async ({ lat, lng }) => (geocoder ??= Geocoder.load()).reverse(lat, lng),
}

const credentials = ({ email, password }: SeedCustomer) => ({ email, password })
const [shopper, otherShopper] = SEED_CUSTOMERS.filter((c) => !c.isVet) as [SeedCustomer, SeedCustomer]
const vet = SEED_CUSTOMERS.find((c) => c.isVet)!
const customers = { shopper: credentials(shopper), otherShopper: credentials(otherShopper), vet: credentials(vet) }

async function setUp(label: string) {
  const vtex = await startVtexSimulator({ products: 40 })
  const env = { VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN }
  const commerce = createVtexCommerce(env, { geography })
  return {
    vtex,
    commerce,
    /** Logging in at the store's domain, out and back through the storefront, gives the browser VTEX ID's cookie and its companion beside what it already holds (its order-form cookies). */
    login: ({ email }: { email: string }, browser: RequestContext = {}): Promise<RequestContext> => logIn(vtex, commerce.identity.login!, email, browser),
    close: async () => {
      await vtex.close()
      report(label, vtex)
    },
  }
}

function report(label: string, vtex: VtexSimulator): void {
  const { requests, answers, violations } = vtex.validator.counts
  process.stdout.write(`VTEX ${label} conformance: ${requests} requests and ${answers} answers validated, ${violations} violations\n`)
  if (violations) throw new Error(`VTEX wire violations: ${JSON.stringify(vtex.validator.violations)}`)
}

identityConformance('vtex over the simulator', async () => {
  const { commerce, login, close } = await setUp('identity')
  // Two plain skus of different products, as `Fixtures` describes them, read from the catalog VTEX serves.
  const catalog = await readCatalog(commerce.catalog)
  const plain = catalog.products.filter((p) => p.priceTiers.length === 0 && p.minQuantity === 1).flatMap((p) => p.hasVariant.filter((v) => v.offers.lowPrice > 0 && v.maxQuantity >= 3).slice(0, 1))
  const [sku, otherSku] = plain.map((v) => v.sku) as [string, string]
  return { commerce, login, close, fixtures: { seller: '1', sku, otherSku, customers } }
})

storesConformance('vtex over the simulator', async () => {
  const { commerce, login, close } = await setUp('stores')
  return { commerce, login, close, fixtures: { sku: '10001', point: { lat: 44.4056, lng: 8.9463 }, postalCode: '16121', town: 'Genova', customers } }
})

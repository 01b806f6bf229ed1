/**
 * The conformance suites of the capabilities the VTEX backend serves, over
 * the simulator, unchanged. The capabilities it leaves to the embedded
 * platform (docs/vtex.md) are proved by ../embedded/conformance.test.ts.
 * Closing the setup fails the suite when any request or answer of the run
 * broke VTEX's published schemas (req VTEX-05).
 */
import { catalogConformance } from '../conformance/catalog'
import { createVtexCommerce } from '.'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator } from './testing/simulator'

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

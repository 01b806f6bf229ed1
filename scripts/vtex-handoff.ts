/**
 * Prints the build's hand-off variables for the VTEX store the environment
 * names (VTEX_ACCOUNT, VTEX_STORE_URL), one `NAME=value` a line:
 *
 *   VTEX_ACCOUNT=… VTEX_STORE_URL=https://… npx tsx scripts/vtex-handoff.ts >> .env.production
 */
import { vtexHandoffVariables } from '../src/commerce/vtex/handoff'
import { vtexSettings } from '../src/commerce/vtex/settings'

try {
  for (const [name, value] of Object.entries(vtexHandoffVariables(vtexSettings(process.env)))) process.stdout.write(`${name}=${value}\n`)
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`)
  process.exitCode = 1
}

/**
 * Installs the shop's Master Data v2 schemas in the VTEX store the
 * environment names (VTEX_ACCOUNT, VTEX_ENVIRONMENT, VTEX_APP_KEY,
 * VTEX_APP_TOKEN; docs/vtex.md): `npm run vtex:schemas`.
 */
import { createVtexClient, vtexSettings } from '../src/commerce/vtex'
import { installMasterDataSchemas, SCHEMA_NAME } from '../src/commerce/vtex/masterdata/schemas'

async function main(): Promise<void> {
  const settings = vtexSettings(process.env)
  if (!settings.appKey) throw new Error('VTEX_APP_KEY and VTEX_APP_TOKEN are needed to save Master Data schemas')
  const saved = await installMasterDataSchemas(createVtexClient(settings))
  process.stdout.write(`saved schema ${SCHEMA_NAME} of ${saved.join(', ')} in ${settings.account}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`)
  process.exit(1)
})

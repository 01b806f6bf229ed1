import { createVtexClient, vtexSettings } from '..'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from '../testing/simulator'
import { installMasterDataSchemas, MASTER_DATA_ENTITIES, SCHEMA_NAME } from './schemas'

let vtex: VtexSimulator
beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 5 })
}, 60_000)
afterAll(() => vtex?.close())

it('saves every entity’s schema with the app key, each private, as the published operation takes it', async () => {
  const settings = vtexSettings({ VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN })
  expect(await installMasterDataSchemas(createVtexClient(settings))).toEqual(['sharedcart', 'wishlist', 'favstore', 'loyalty'])
  for (const entity of Object.keys(MASTER_DATA_ENTITIES)) {
    expect(vtex.schemas.get(`${entity}/${SCHEMA_NAME}`)).toMatchObject({ 'v-security': { allowGetAll: false, publicRead: [], publicWrite: [] } })
  }
  expect(vtex.validator.violations).toEqual([])
  const anonymous = vtexSettings({ VTEX_ACCOUNT: vtex.account, VTEX_API_URL: vtex.url, VTEX_STORE_URL: 'https://www.example.it' })
  await expect(installMasterDataSchemas(createVtexClient(anonymous))).rejects.toMatchObject({ status: 503 })
})

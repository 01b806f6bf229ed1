import { storesContract } from '../conformance/stores'
import { createPlatformAdapter } from './client'
import { PLATFORM_SESSION_COOKIE } from '../../../platform/wire'
import { createTestPlatform, login } from '../../../platform/testing/app'

storesContract('embedded platform', async () => {
  const platform = await createTestPlatform(30)
  const [row] = await platform.db.query<{ sku: string }>('SELECT sku FROM variants WHERE low_price_cents > 0 ORDER BY sku LIMIT 1')
  const cookie = async (email: string) => ({ cookie: `${PLATFORM_SESSION_COOKIE}=${await login(platform, email)}` })
  return {
    adapter: createPlatformAdapter({ baseUrl: platform.url }),
    shoppers: [await cookie('mario.rossi@example.it'), await cookie('giulia.bianchi@example.it')],
    fixtures: { point: { lat: 44.4056, lng: 8.9463 }, sku: row!.sku, postalCode: '19038', town: 'Sarzana' },
    close: () => platform.close(),
  }
})

/** POST /api/store/getStoreDetails — one store with its hours and today's pickup. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { toStoreView } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getStoreDetails'], async ({ body }) => ({
  store: toStoreView(await getCommerce().stores.byId(body.storeId)),
}))

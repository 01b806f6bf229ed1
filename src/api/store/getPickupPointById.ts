/** POST /api/store/getPickupPointById — a pickup point (a store) by its id. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../server/http'
import { toStoreView } from '../../server/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getPickupPointById'], async ({ body }) => ({
  store: toStoreView(await getCommerce().stores.byId(body.id)),
}))

/** POST /api/store/getPickupPointById — a pickup point (a store) by its id. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { toStoreView } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getPickupPointById'], async ({ body }) => ({
  store: toStoreView(await getCommerce().stores.byId(body.id)),
}))

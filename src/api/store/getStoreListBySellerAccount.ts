/** POST /api/store/getStoreListBySellerAccount — the store of a seller account, with stock and pickup for the items. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { stockRequests, toStoreView } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getStoreListBySellerAccount'], async ({ body }) => ({
  store: toStoreView(await getCommerce().stores.bySeller(body.sellerId, stockRequests(body.items))),
}))

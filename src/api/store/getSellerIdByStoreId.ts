/** POST /api/store/getSellerIdByStoreId — the seller id of a store (req CALL-16: answers SellerId). */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getSellerIdByStoreId'], async ({ body }) => ({
  SellerId: (await getCommerce().stores.byId(body.storeId)).sellerId,
}))

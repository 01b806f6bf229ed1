/** GET /api/checkout/getCartInformation?orderFormId= — the cart (req CALL-06). */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['checkout/getCartInformation'], ({ query, ctx }) => getCommerce().cart.get(query.orderFormId, ctx))

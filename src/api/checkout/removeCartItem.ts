/** POST /api/checkout/removeCartItem — removes one line. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { lineFromNewItem } from '../../handlers/lines'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['checkout/removeCartItem'], ({ body, ctx }) => getCommerce().cart.removeItem(body.orderFormId, lineFromNewItem(body.newItem), ctx))

/** POST /api/checkout/updateCartItem — sets a line's quantity (1 up to the line's maximum). */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { lineFromNewItem } from '../../handlers/lines'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['checkout/updateCartItem'], ({ body, ctx }) => getCommerce().cart.updateItem(body.orderFormId, lineFromNewItem(body.newItem), ctx))

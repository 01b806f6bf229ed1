/** POST /api/checkout/addCartItem — adds units of a sku; starts an order form when orderFormId is empty. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { lineFromNewItem } from '../../handlers/lines'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['checkout/addCartItem'], async ({ body, ctx }) => {
  const { cart } = getCommerce()
  const orderFormId = body.orderFormId || (await cart.create(ctx)).id
  return cart.addItem(orderFormId, lineFromNewItem(body.newItem), ctx)
})

/** POST /api/wishlist/addProduct — adds a sku to the logged-in shopper's wishlist and answers its list item id (req CALL-11). */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['wishlist/addProduct'], async ({ body, ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx, { email: body.shopperId })
  return { data: { addToList: await identity.wishlist.add(body.listItem.sku, ctx) } }
})

/** DELETE /api/wishlist/removeProduct — removes an item of the logged-in shopper's wishlist; `removeFromList` says whether it was there (req CALL-11). */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['wishlist/removeProduct'], async ({ body, ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx, { email: body.shopperId })
  return { data: { removeFromList: await identity.wishlist.remove(body.itemId, ctx) } }
})

/** GET /api/wishlist/getWishlist?shopperId= — the logged-in shopper's wishlist (req CALL-11); `shopperId` must be their email. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['wishlist/getWishlist'], async ({ query, ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx, { email: query.shopperId })
  return { data: { viewLists: [{ data: await identity.wishlist.list(ctx) }] } }
})

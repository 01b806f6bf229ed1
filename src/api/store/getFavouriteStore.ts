/**
 * POST /api/store/getFavouriteStore — the logged-in shopper's favourite store.
 * The email must be the cookie's person's (403 otherwise, 401 for a guest).
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { personNamed, toFavouriteStore } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getFavouriteStore'], async ({ body, ctx }) => {
  const { identity, stores } = getCommerce()
  await personNamed(identity, body.email, ctx)
  const store = await stores.favourite(ctx)
  return { favouriteStore: store ? toFavouriteStore(store) : null }
})

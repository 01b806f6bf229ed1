/**
 * POST /api/store/saveFavouriteStore — makes a store the logged-in shopper's
 * favourite. The email must be the cookie's person's (403 otherwise, 401 for a guest).
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { personNamed, toFavouriteStore } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/saveFavouriteStore'], async ({ body, ctx }) => {
  const { identity, stores } = getCommerce()
  await personNamed(identity, body.email, ctx)
  return { favouriteStore: toFavouriteStore(await stores.saveFavourite(body.storeId, ctx)) }
})

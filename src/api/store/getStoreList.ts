/** POST /api/store/getStoreList — stores within the radius (default 100000 m) of a point, nearest first, with today's pickup. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { toStoreView } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getStoreList'], async ({ body }) => {
  const stores = await getCommerce().stores.near({ lat: body.lat, lng: body.lng }, body.radius, [])
  const now = new Date()
  return { stores: stores.map((store) => toStoreView(store, now)), place: null }
})

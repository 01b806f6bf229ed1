/**
 * POST /api/store/getStoreListByProducts — the stores nearest a position, or
 * a postal code or town (geocoded offline), within the search radius, each
 * saying whether it stocks the items and when it can have them ready.
 */
import { getCommerce } from '../../commerce'
import { STORE_SEARCH_RADIUS } from '../../config/constants'
import { functionSettings, serveRoute } from '../../handlers/http'
import { stockRequests, toStoreView } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getStoreListByProducts'], async ({ body }) => {
  const { stores } = getCommerce()
  const place = body.geoCoordinates ? null : await stores.geo.lookup(body.postalCode ?? body.town ?? '')
  const point = body.geoCoordinates ? { lng: body.geoCoordinates[0], lat: body.geoCoordinates[1] } : { lat: place!.lat, lng: place!.lng }
  const near = await stores.near(point, STORE_SEARCH_RADIUS, stockRequests(body.items))
  const now = new Date()
  return { stores: near.map((store) => toStoreView(store, now)), place }
})

/**
 * POST /api/store/getPostalCode — reverse geocoding, offline: the answer has
 * a maps geocoding result's shape, whose address_components hold the
 * postal_code the store picker reads.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getPostalCode'], async ({ body }) => {
  const place = await getCommerce().stores.geo.reverse({ lat: body.lat, lng: body.lng })
  return {
    status: 'OK',
    results: [
      {
        formatted_address: `${place.postalCode} ${place.town} ${place.province}, Italia`,
        address_components: [
          { long_name: place.postalCode, short_name: place.postalCode, types: ['postal_code'] },
          { long_name: place.town, short_name: place.town, types: ['locality', 'political'] },
          { long_name: place.province, short_name: place.province, types: ['administrative_area_level_2', 'political'] },
          { long_name: place.region, short_name: place.region, types: ['administrative_area_level_1', 'political'] },
          { long_name: 'Italia', short_name: 'IT', types: ['country', 'political'] },
        ],
        geometry: { location: { lat: place.lat, lng: place.lng } },
      },
    ],
  }
})

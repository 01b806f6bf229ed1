/**
 * POST /api/store/getUserPostalCode — the postal code for estimates: the
 * order form's pickup point's, else the default Ligurian one (req PICKUP-13, CONST-11).
 */
import { getCommerce } from '../../commerce'
import { shopConfig } from '../../config/shop'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/getUserPostalCode'], async ({ body, ctx }) => {
  const store = await getCommerce().stores.pickupPoint(body.orderFormId, ctx)
  return store ? { postalCode: store.postalCode, source: 'pickupPoint' as const } : { postalCode: shopConfig.delivery.defaultPostalCode, source: 'default' as const }
})

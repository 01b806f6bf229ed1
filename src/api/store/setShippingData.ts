/**
 * POST /api/store/setShippingData — puts a pickup point on the order form
 * (delivery channel pickup-in-point), or returns it to delivery. Access to the
 * order form is the cart's: the cookie's shopper, or the guest whose browser holds its key.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { toStoreView } from '../../handlers/stores'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['store/setShippingData'], async ({ body, ctx }) => {
  const storeId = body.request.deliveryChannel === 'pickup-in-point' ? (body.request.pickupPointId ?? null) : null
  const store = await getCommerce().stores.setPickupPoint(body.orderFormId, storeId, ctx)
  return { orderFormId: body.orderFormId, deliveryChannel: store ? 'pickup-in-point' : 'delivery', pickupPoint: store ? toStoreView(store) : null } as const
})

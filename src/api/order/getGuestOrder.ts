/**
 * POST /api/order/getGuestOrder — a placed order by its number and the email it
 * was placed with (the guest-order page). Any wrong pair answers the same 404.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['order/getGuestOrder'], async ({ body, ctx }) => getCommerce().identity.orders.findPlaced(body.orderNumber, body.email, ctx))

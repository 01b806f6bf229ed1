/**
 * POST /api/sharedCart/getSharedCustomer — who saved this cart for every device
 * (req SHARED-04, CALL-02). Open to guests, who must learn that the cart is someone
 * else's (the session-expired modal), but never whose: `userId` is filled only
 * when the saved customer is the caller.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['sharedCart/getSharedCustomer'], async ({ body, ctx }) => {
  const owner = await getCommerce().identity.sharedCart.owner(body.orderFormId, ctx)
  return { data: { getSavedCustomer: owner.saved ? { userId: owner.customerId } : null } }
})

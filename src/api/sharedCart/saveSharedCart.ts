/**
 * POST /api/sharedCart/saveSharedCart — saves the cart for the logged-in
 * shopper on every device (req SHARED-07, CALL-04). `userId` must be theirs, and the
 * platform checks the cart is this browser's (a guest cart or theirs) before
 * attaching it, in one step.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['sharedCart/saveSharedCart'], async ({ body, ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx, { userId: body.userId })
  return { data: { saveCart: await identity.sharedCart.save(body.orderFormId, ctx) } }
})

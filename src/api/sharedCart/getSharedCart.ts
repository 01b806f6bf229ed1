/** POST /api/sharedCart/getSharedCart — the logged-in shopper's saved cart (req SHARED-08, CALL-03); `userId` must be theirs. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['sharedCart/getSharedCart'], async ({ body, ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx, { userId: body.userId })
  return { data: { getSavedCart: await identity.sharedCart.saved(body.nullOnEmpty, ctx) } }
})

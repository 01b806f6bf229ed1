/** POST /api/sharedCart/getSharedCart — the logged-in shopper's saved cart (req SHARED-08, CALL-03); `userId` must be theirs. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['sharedCart/getSharedCart'], async ({ body, ctx }) => {
  const commerce = getCommerce()
  await requirePerson(commerce, ctx, { userId: body.userId })
  return { data: { getSavedCart: await commerce.sharedCart.saved(body.nullOnEmpty, ctx) } }
})

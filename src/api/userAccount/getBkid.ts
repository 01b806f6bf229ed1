/** GET /api/userAccount/getBkid — the logged-in shopper's loyalty-card data (req CALL-09); 401 for a guest. */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['userAccount/getBkid'], async ({ ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx)
  const profile = await identity.session.profile(ctx)
  return { bkid: profile?.bkId ?? null, arcacard: profile?.arcacard ?? null, profilingConsent: profile?.profilingConsent ?? null }
})

/**
 * POST /api/userAccount/getIsVet — whether the shopper is a veterinarian
 * (req ID-07, CALL-08). The person is the one behind the forwarded cookie, never one
 * named in the body; a guest is not a vet. The body names the cart the
 * question comes from, as req CALL-08 has it.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['userAccount/getIsVet'], async ({ ctx }) => {
  const profile = await getCommerce().identity.session.profile(ctx)
  return { isVet: profile?.isVet ?? false }
})

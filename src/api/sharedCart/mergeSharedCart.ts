/**
 * POST /api/sharedCart/mergeSharedCart — COMBINE: the current cart's lines
 * added to the logged-in shopper's saved cart, which is answered (req SHARED-07,
 * CALL-05). Only logged-in shoppers merge, and only into their own saved cart.
 */
import { getCommerce } from '../../commerce'
import { functionSettings, serveRoute } from '../../handlers/http'
import { requirePerson } from '../../handlers/identity'
import { functionRoutes } from '../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['sharedCart/mergeSharedCart'], async ({ body, ctx }) => {
  const { identity } = getCommerce()
  await requirePerson(identity, ctx)
  return { data: { replaceCart: await identity.sharedCart.merge(body.savedCart, body.currentCart, ctx) } }
})

/** GET /api/checkout/getCartInformation?orderFormId= — the cart (spec §7). */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../server/http'
import { CartInfoQuery } from '../../server/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['GET'],
  query: CartInfoQuery,
  handle: ({ query, ctx }) => getCommerce().cart.get(query.orderFormId, ctx),
})

/** GET /api/checkout/getCartInformation?orderFormId= — the cart (spec §7). */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../commerce/http'
import { CartInfoQuery } from '../../commerce/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['GET'],
  query: CartInfoQuery,
  handle: ({ query, ctx }) => getCommerce().cart.get(query.orderFormId, ctx),
})

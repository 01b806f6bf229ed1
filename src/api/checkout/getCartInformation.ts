/** GET /api/checkout/getCartInformation?orderFormId= — the cart (spec §7). */
import { getCommerce } from '../../commerce'
import { defineFunction, functionConfig } from '../../commerce/http'
import { CartInfoQuery } from '../../commerce/schemas'

export const config = functionConfig

export default defineFunction({
  methods: ['GET'],
  query: CartInfoQuery,
  handle: ({ query, ctx }) => getCommerce().cart.get(query.orderFormId, ctx),
})

/** POST /api/checkout/removeCartItem — removes one line. */
import { getCommerce } from '../../commerce'
import { defineFunction, functionConfig } from '../../commerce/http'
import { lineFromNewItem } from '../../commerce/lines'
import { RemoveCartItemBody } from '../../commerce/schemas'

export const config = functionConfig

export default defineFunction({
  methods: ['POST'],
  body: RemoveCartItemBody,
  handle: ({ body, ctx }) => getCommerce().cart.removeItem(body.orderFormId, lineFromNewItem(body.newItem), ctx),
})

/** POST /api/checkout/removeCartItem — removes one line. */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../server/http'
import { lineFromNewItem } from '../../server/lines'
import { RemoveCartItemBody } from '../../server/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['POST'],
  body: RemoveCartItemBody,
  handle: ({ body, ctx }) => getCommerce().cart.removeItem(body.orderFormId, lineFromNewItem(body.newItem), ctx),
})

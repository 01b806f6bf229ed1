/** POST /api/checkout/removeCartItem — removes one line. */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../commerce/http'
import { lineFromNewItem } from '../../commerce/lines'
import { RemoveCartItemBody } from '../../commerce/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['POST'],
  body: RemoveCartItemBody,
  handle: ({ body, ctx }) => getCommerce().cart.removeItem(body.orderFormId, lineFromNewItem(body.newItem), ctx),
})

/** POST /api/checkout/updateCartItem — sets a line's quantity (1 up to the line's maximum). */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../server/http'
import { lineFromNewItem } from '../../server/lines'
import { UpdateCartItemBody } from '../../server/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['POST'],
  body: UpdateCartItemBody,
  handle: ({ body, ctx }) => getCommerce().cart.updateItem(body.orderFormId, lineFromNewItem(body.newItem), ctx),
})

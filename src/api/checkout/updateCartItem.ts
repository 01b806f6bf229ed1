/** POST /api/checkout/updateCartItem — sets a line's quantity (1 up to the line's maximum). */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../commerce/http'
import { lineFromNewItem } from '../../commerce/lines'
import { UpdateCartItemBody } from '../../commerce/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['POST'],
  body: UpdateCartItemBody,
  handle: ({ body, ctx }) => getCommerce().cart.updateItem(body.orderFormId, lineFromNewItem(body.newItem), ctx),
})

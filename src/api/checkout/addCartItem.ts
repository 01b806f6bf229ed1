/** POST /api/checkout/addCartItem — adds units of a sku; starts an order form when orderFormId is empty. */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../server/http'
import { lineFromNewItem } from '../../server/lines'
import { AddCartItemBody } from '../../server/schemas'

export const { config } = functionSettings

export default defineFunction({
  methods: ['POST'],
  body: AddCartItemBody,
  handle: async ({ body, ctx }) => {
    const commerce = getCommerce()
    const orderFormId = body.orderFormId || (await commerce.cart.create(ctx)).id
    return commerce.cart.addItem(orderFormId, lineFromNewItem(body.newItem), ctx)
  },
})

/** POST /api/checkout/addCartItem — adds units of a sku; starts an order form when orderFormId is empty. */
import { getCommerce } from '../../commerce'
import { defineFunction, functionSettings } from '../../commerce/http'
import { lineFromNewItem } from '../../commerce/lines'
import { AddCartItemBody } from '../../commerce/schemas'

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

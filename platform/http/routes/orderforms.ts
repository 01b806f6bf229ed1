import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AddItemBody, OrderLookupBody, RemoveItemBody, type OrderForm, type PlacedOrder } from '../../wire'
import { GUEST_ORDER_LIMITS, LoginGuard } from '../../identity/login-guard'
import { orderNotFound } from '../../cart/access'
import { PlatformError } from '../../lib/errors'
import { parse } from '../errors'
import { setGuestCartCookie, viewerOf } from '../session'
import type { Services } from '../services'

/**
 * The wire's item body with the quantity bounds lifted: a quantity of 0 or
 * above the SKU's maximum is well-formed but breaks a business rule, so it is
 * answered 422 by the order-form service instead of 400 here.
 */
const ItemBody = AddItemBody.extend({ quantity: z.number().int() })
const ReplaceBody = z.object({ items: z.array(ItemBody).max(200) })
const IdParams = z.object({ id: z.string().min(1).max(100) })

export function registerOrderFormRoutes(app: FastifyInstance, services: Services): void {
  const viewer = (request: FastifyRequest) => viewerOf(request, services)
  const idOf = (request: FastifyRequest): string => parse(IdParams, request.params, 'id').id

  app.post('/api/orderforms', async (request, reply): Promise<OrderForm> => {
    const { orderForm, guestKey } = await services.orderForms.create(await viewer(request))
    if (guestKey) setGuestCartCookie(reply, guestKey, services)
    void reply.status(201)
    return orderForm
  })

  app.get('/api/orderforms/:id', async (request): Promise<OrderForm> => services.orderForms.get(idOf(request), await viewer(request)))

  app.post('/api/orderforms/:id/items', async (request): Promise<OrderForm> => {
    const id = idOf(request)
    const body = parse(ItemBody, request.body, 'body')
    return services.orderForms.addItem(id, await viewer(request), body)
  })

  app.patch('/api/orderforms/:id/items', async (request): Promise<OrderForm> => {
    const id = idOf(request)
    const body = parse(ItemBody, request.body, 'body')
    return services.orderForms.updateItem(id, await viewer(request), body)
  })

  app.post('/api/orderforms/:id/items/remove', async (request): Promise<OrderForm> => {
    const id = idOf(request)
    const body = parse(RemoveItemBody, request.body, 'body')
    return services.orderForms.removeItem(id, await viewer(request), body)
  })

  app.put('/api/orderforms/:id/items', async (request): Promise<OrderForm> => {
    const id = idOf(request)
    const body = parse(ReplaceBody, request.body, 'body')
    return services.orderForms.replaceItems(id, await viewer(request), body.items)
  })

  // The guest-order page's lookup. Failures count per email and per order number (GUEST_ORDER_LIMITS).
  const lookups = new LoginGuard(services.db, GUEST_ORDER_LIMITS, 'order:')
  app.post('/api/orders/lookup', async (request): Promise<PlacedOrder> => {
    const { orderNumber, email } = parse(OrderLookupBody, request.body, 'body')
    const number = orderNumber.toUpperCase()
    // Blocked lookups answer as a wrong pair does (as logins do): nothing to tell a guesser apart.
    if (await lookups.blocked(email, number)) throw orderNotFound()
    try {
      return await services.orderForms.findPlaced(number, email)
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) await lookups.failed(email, number)
      throw error
    }
  })
}

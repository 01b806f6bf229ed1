import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod/v4'
import { AddItemBody, OrderLookupBody, RemoveItemBody, type LookupAttemptAnswer, type LookupTakenBackAnswer, type OrderForm, type PlacedOrder } from '../../wire'
import { clientKey, GUEST_ORDER_THROTTLE, type Counter } from '../../identity/throttle'
import { RECEIPT } from '../../identity/lookup-attempts'
import { PlatformError, TooManyAttempts } from '../../lib/errors'
import { parse } from '../errors'
import { setGuestCartCookie, viewerOf } from '../session'
import type { Services } from '../services'

/**
 * The wire's item body with the quantity bounds lifted: a quantity of 0 or
 * above the SKU's maximum (any safe integer) is well-formed but breaks a
 * business rule, so it is answered 422 by the order-form service instead of
 * 400 here.
 */
const ItemBody = AddItemBody.extend({ quantity: z.number().int() })
const ReplaceBody = z.object({ items: z.array(ItemBody).max(200) })
const IdParams = z.object({ id: z.string().min(1).max(100) })
const ReceiptParams = z.object({ receipt: z.string().regex(RECEIPT) })

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

  app.post('/api/orderforms/:id/items/set', async (request): Promise<OrderForm> => {
    const id = idOf(request)
    const body = parse(ReplaceBody, request.body, 'body')
    return services.orderForms.setItems(id, await viewer(request), body.items)
  })

  /**
   * The guest-order page's lookup. Failures slow their client down, per
   * (order number, client) and per client (GUEST_ORDER_THROTTLE); the client
   * is the shopper, whose address the storefront's Functions pass on in
   * X-Forwarded-For, believed only with the storefront's proof (PLATFORM_PROXY_SECRET).
   */
  const { throttle } = services
  app.post('/api/orders/lookup', async (request): Promise<PlacedOrder> => {
    const { orderNumber, email } = parse(OrderLookupBody, request.body, 'body')
    const number = orderNumber.toUpperCase()
    const client = clientKey(request.ip)
    const pair: Counter = { key: `order:pair:${number} ${client}`, rule: GUEST_ORDER_THROTTLE.pair }
    const counters = [pair, { key: `order:ip:${client}`, rule: GUEST_ORDER_THROTTLE.address }]
    const wait = await throttle.attempt(counters)
    if (wait > 0) throw new TooManyAttempts('TOO_MANY_LOOKUPS', `too many failed order lookups from this client; retry after ${wait} s`, wait)
    let order: PlacedOrder
    try {
      order = await services.orderForms.findPlaced(number, email)
    } catch (error) {
      if (!(error instanceof PlatformError && error.status === 404)) await throttle.takeBack(counters)
      throw error
    }
    await throttle.clear([pair])
    await throttle.takeBack(counters.slice(1))
    return order
  })

  /**
   * The count of a storefront whose guest-order lookup asks another backend
   * (VTEX's Orders API): it charges each lookup here before making it, so every
   * storefront server shares the client's failures, and takes the charge back
   * with the receipt when the lookup did not fail for the shopper. The client is
   * the shopper, named in X-Forwarded-For as above.
   */
  const lookups = services.lookupAttempts
  app.post('/api/orders/lookup-attempts', async (request, reply): Promise<LookupAttemptAnswer> => {
    const charged = await lookups.charge(clientKey(request.ip))
    if ('waitSeconds' in charged) throw new TooManyAttempts('TOO_MANY_LOOKUPS', `too many failed order lookups from this client; retry after ${charged.waitSeconds} s`, charged.waitSeconds)
    void reply.status(201)
    return charged
  })
  app.delete('/api/orders/lookup-attempts/:receipt', async (request): Promise<LookupTakenBackAnswer> => {
    const { receipt } = parse(ReceiptParams, request.params, 'receipt')
    return { takenBack: await lookups.takeBack(clientKey(request.ip), receipt) }
  })
}

import type { FastifyInstance } from 'fastify'
import { z } from 'zod/v4'
import type { OrderForm } from '../../wire'
import {
  AddressesAnswer,
  MergeCartBody,
  SaveCartBody,
  SavedCartAnswer,
  SavedCartOwnerAnswer,
  WishlistAddAnswer,
  WishlistAddBody,
  WishlistAnswer,
  WishlistRemoveAnswer,
} from '../../wire-identity'
import { parse } from '../errors'
import { currentCustomer, requireCustomer, viewerOf } from '../session'
import type { Services } from '../services'

const OwnerQuery = z.object({ orderFormId: z.string().min(1).max(100) })
const MineQuery = z.object({ nullOnEmpty: z.enum(['true', 'false']).default('false') })
const ItemParams = z.object({ itemId: z.string().min(1).max(100) })

/**
 * Saved carts, wishlists and addresses. The customer is always the one behind
 * the session cookie; no body or query names a customer.
 */
export function registerIdentityRoutes(app: FastifyInstance, services: Services): void {
  const { savedCarts, wishlists } = services
  const customer = (request: Parameters<typeof requireCustomer>[0]) => requireCustomer(request, services)
  /** The logged-in customer with the guest-cart key their browser holds: a guest cart they save or merge is claimed with it. */
  const customerViewer = async (request: Parameters<typeof requireCustomer>[0]) => ({
    ...(await viewerOf(request, services)),
    customerId: (await customer(request)).id,
  })

  /** Open to guests (the storefront must tell a guest that the cart is someone's); another customer's id is never shown. */
  app.get('/api/saved-carts/owner', async (request): Promise<z.infer<typeof SavedCartOwnerAnswer>> => {
    const { orderFormId } = parse(OwnerQuery, request.query, 'query')
    const owner = await savedCarts.owner(orderFormId)
    const viewer = await currentCustomer(request, services)
    return { saved: owner !== null, customerId: owner !== null && owner === viewer?.id ? owner : null }
  })

  app.get('/api/saved-carts/mine', async (request): Promise<z.infer<typeof SavedCartAnswer>> => {
    const { nullOnEmpty } = parse(MineQuery, request.query, 'query')
    return { orderForm: await savedCarts.mine((await customer(request)).id, nullOnEmpty === 'true') }
  })

  app.put('/api/saved-carts/mine', async (request): Promise<OrderForm> => {
    const viewer = await customerViewer(request)
    return savedCarts.save(viewer, parse(SaveCartBody, request.body, 'body').orderFormId)
  })

  app.post('/api/saved-carts/mine/merge', async (request): Promise<OrderForm> => {
    const viewer = await customerViewer(request)
    const body = parse(MergeCartBody, request.body, 'body')
    return savedCarts.merge(viewer, body.savedOrderFormId, body.currentOrderFormId)
  })

  app.get('/api/wishlist', async (request): Promise<z.infer<typeof WishlistAnswer>> => ({
    items: await wishlists.list((await customer(request)).id),
  }))

  app.post('/api/wishlist', async (request): Promise<z.infer<typeof WishlistAddAnswer>> => {
    const { id } = await customer(request)
    return { id: await wishlists.add(id, parse(WishlistAddBody, request.body, 'body').sku) }
  })

  app.delete('/api/wishlist/:itemId', async (request): Promise<z.infer<typeof WishlistRemoveAnswer>> => {
    const { id } = await customer(request)
    return { removed: await wishlists.remove(id, parse(ItemParams, request.params, 'itemId').itemId) }
  })

  app.get('/api/session/addresses', async (request): Promise<z.infer<typeof AddressesAnswer>> => ({
    addresses: await services.identity.addresses((await customer(request)).id),
  }))
}

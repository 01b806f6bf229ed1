import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod/v4'
import {
  FavouriteStoreBody,
  Latitude,
  Longitude,
  PickupBody,
  StoreSearchBody,
  StoreStockBody,
  type Place,
  type StoreAnswer,
  type StoreList,
  type Store,
} from '../../wire-stores'
import { Geocoder } from '../../stores/geo'
import { conflict, notFound } from '../../lib/errors'
import { parse } from '../errors'
import { requireCustomer, viewerOf } from '../session'
import type { Services } from '../services'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const LookupQuery = z.object({ q: z.string().trim().min(1).max(100) })
const ReverseQuery = z.object({ lat: z.coerce.number().pipe(Latitude), lng: z.coerce.number().pipe(Longitude) })

let geocoder: Geocoder | null = null
/**
 * The municipalities datasets are read once per process, on first use or
 * when warmGeocoder runs (parsing GeoNames' world list takes a few hundred
 * milliseconds, which the first shopper to type a postal code should not wait).
 */
const geo = (): Geocoder => (geocoder ??= Geocoder.load())
export const warmGeocoder = (): void => void geo()

/**
 * Stores and pickup: search by distance with stock, one store by id or
 * seller, the logged-in customer's favourite store, an order form's pickup
 * point, and offline geocoding of Italian postal codes and towns.
 */
export function registerStoreRoutes(app: FastifyInstance, services: Services): void {
  const { stores } = services
  const idOf = (request: FastifyRequest): string => parse(IdParams, request.params, 'id').id

  app.post('/api/stores/search', async (request): Promise<StoreList> => {
    const body = parse(StoreSearchBody, request.body, 'body')
    return { items: await stores.near(body, body.radius, body.items, body.limit) }
  })

  app.post('/api/stores/:id', async (request): Promise<Store> => stores.byId(idOf(request), parse(StoreStockBody, request.body ?? {}, 'body').items))

  app.post('/api/stores/by-seller/:id', async (request): Promise<Store> =>
    stores.bySeller(idOf(request), parse(StoreStockBody, request.body ?? {}, 'body').items),
  )

  app.get('/api/session/favourite-store', async (request): Promise<StoreAnswer> => {
    const customer = await requireCustomer(request, services)
    return { store: await stores.favourite(customer.id) }
  })

  app.put('/api/session/favourite-store', async (request): Promise<StoreAnswer> => {
    const customer = await requireCustomer(request, services)
    const { storeId } = parse(FavouriteStoreBody, request.body, 'body')
    return { store: await stores.setFavourite(customer.id, storeId) }
  })

  app.get('/api/orderforms/:id/pickup', async (request): Promise<StoreAnswer> => {
    const form = await services.orderForms.get(idOf(request), await viewerOf(request, services))
    return { store: await stores.pickupPoint(form.id) }
  })

  app.put('/api/orderforms/:id/pickup', async (request): Promise<StoreAnswer> => {
    const id = idOf(request)
    const { storeId } = parse(PickupBody, request.body, 'body')
    const form = await services.orderForms.get(id, await viewerOf(request, services))
    if (form.status !== 'open') throw conflict('ORDER_FORM_PLACED', `order form ${id} is already placed`)
    return { store: await stores.setPickupPoint(form.id, storeId) }
  })

  app.get('/api/geo/lookup', async (request): Promise<Place> => {
    const { q } = parse(LookupQuery, request.query, 'query')
    const place = geo().lookup(q)
    if (!place) throw notFound('PLACE_NOT_FOUND', `no Italian postal code or town "${q}"`)
    return place
  })

  app.get('/api/geo/reverse', async (request): Promise<Place> => {
    const { lat, lng } = parse(ReverseQuery, request.query, 'query')
    return geo().reverse(lat, lng)
  })
}

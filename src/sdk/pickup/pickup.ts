/**
 * Pickup in store, browser side: the store the shopper picks up at and their
 * favourite store. Both persist in local storage (parsed on every read); the
 * chosen store goes on the order form through setShippingData, and a
 * logged-in shopper's favourite lives on the platform (saveFavouriteStore),
 * while a guest's stays in the browser until they log in and save it.
 */
import { createBaseStore } from '@faststore/sdk'
import { STORE_NAMESPACE } from '../../config/constants'
import { wireSchema, z } from '../../wire/zod'
import type { FavouriteStore as Favourite, StoreView as View } from '../../wire/store'
import { call } from '../core/client'
import { browserStorage, stored } from '../core/storage'

export const PICKUP_KEY = `${STORE_NAMESPACE}::store::pickup`

const StoreView = wireSchema('StoreView')
const FavouriteStore = wireSchema('FavouriteStore')

const PickupState = z.object({
  chosen: z.nullable(StoreView),
  guestFavourite: z.nullable(FavouriteStore),
  /** The postal code of the last place the shopper searched stores near (typed, or of their position). */
  postalCode: z._default(z.nullable(z.string()), null),
})
export type PickupState = z.output<typeof PickupState>

const EMPTY: PickupState = { chosen: null, guestFavourite: null, postalCode: null }

const storage = () => stored(browserStorage('localStorage'))

export const pickupState = createBaseStore<PickupState>(EMPTY)
let loaded = false

/** Reads the persisted state once, in the browser, after the first render. */
export function loadPickup(): void {
  if (loaded || typeof window === 'undefined') return
  loaded = true
  pickupState.set(storage().read(PICKUP_KEY, PickupState) ?? EMPTY)
}

function update(change: Partial<PickupState>): void {
  const next = { ...pickupState.read(), ...change }
  pickupState.set(next)
  storage().write(PICKUP_KEY, next)
}

export function favouriteOf(store: View): Favourite {
  return { id: store.id, name: store.name, postalCode: store.postalCode, sellerId: store.sellerId, geoCoordinates: store.geoCoordinates }
}

export interface StoreSearch {
  postalCode?: string
  town?: string
  geoCoordinates?: [number, number]
}

/**
 * The stores nearest a postal code, town or position, each with its pickup
 * for the items; the place's postal code is kept for the delivery estimate.
 */
export async function findStores(where: StoreSearch, items: { id: string; quantity: number }[]) {
  const answer = await call('store/getStoreListByProducts', { body: { ...where, items } })
  const postalCode = answer.place?.postalCode ?? where.postalCode ?? null
  if (postalCode) update({ postalCode })
  return answer
}

/** Picks the order up at `store`: on the order form when the cart has one, and remembered in the browser. */
export async function chooseStore(store: View, orderFormId: string): Promise<void> {
  if (orderFormId) await call('store/setShippingData', { body: { orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: store.id } } })
  update({ chosen: store })
}

/** Puts the pickup point of a cart created after the choice (first add to cart) on its order form. */
export async function syncPickupPoint(orderFormId: string): Promise<void> {
  const { chosen } = pickupState.read()
  if (chosen && orderFormId) await call('store/setShippingData', { body: { orderFormId, request: { deliveryChannel: 'pickup-in-point', pickupPointId: chosen.id } } })
}

/** Back to home delivery. */
export async function clearStore(orderFormId: string): Promise<void> {
  if (orderFormId) await call('store/setShippingData', { body: { orderFormId, request: { deliveryChannel: 'delivery' } } })
  update({ chosen: null })
}

/** Makes `store` the favourite: on the platform for a logged-in shopper, in the browser for a guest. */
export async function saveFavourite(store: View, email: string | null): Promise<Favourite> {
  if (email) {
    const { favouriteStore } = await call('store/saveFavouriteStore', { body: { email, storeId: store.id } })
    if (favouriteStore) return favouriteStore
  }
  const favourite = favouriteOf(store)
  update({ guestFavourite: favourite })
  return favourite
}

/** The logged-in shopper's favourite store from the platform; null when they have none. */
export async function loadFavourite(email: string): Promise<Favourite | null> {
  return (await call('store/getFavouriteStore', { body: { email } })).favouriteStore
}

/** At login, the favourite a guest kept in the browser is saved for the shopper, then forgotten locally. */
export async function adoptGuestFavourite(email: string): Promise<Favourite | null> {
  const { guestFavourite } = pickupState.read()
  if (!guestFavourite) return null
  const { favouriteStore } = await call('store/saveFavouriteStore', { body: { email, storeId: guestFavourite.id } })
  update({ guestFavourite: null })
  return favouriteStore
}

/**
 * What the store Functions share: a store as the storefront shows it (with
 * today's hours and the pickup it offers now, by the rules of
 * src/domain/pickup.ts), and the identity rule of the favourite store.
 */
import { CommerceError } from '../commerce/errors'
import type { IdentityAdapter } from '../commerce/capabilities'
import { shopConfig } from '../config/shop'
import { addDays, pickupAt, pickupSettingsOf, pickupTiming, romeClock, todayHours, type PickupSettings } from '../domain/pickup'
import type { StockRequest, StoreRecord } from '../domain/store'
import type { Person, RequestContext } from '../domain/types'
import type { FavouriteStore, StoreView } from '../wire/store'

export const pickupSettings: PickupSettings = pickupSettingsOf(shopConfig)

/** How far ahead a store's hour exceptions are sent: the two weeks the timing rules look at. */
const EXCEPTION_DAYS = 14

/** A store with the pickup it offers at `now`: fast from its own stock when it has every item, slow otherwise. */
export function toStoreView(store: StoreRecord, now: Date = new Date(), settings: PickupSettings = pickupSettings): StoreView {
  const fast = pickupTiming(now, store, true, settings)
  const slow = pickupTiming(now, store, false, settings)
  return {
    id: store.id,
    name: store.name,
    street: store.street,
    city: store.city,
    region: store.region,
    postalCode: store.postalCode,
    latitude: store.latitude,
    longitude: store.longitude,
    geoCoordinates: [store.longitude, store.latitude],
    sellerId: store.sellerId,
    vtexSellerId: store.vtexSellerId,
    distance: store.distance,
    hours: store.hours,
    exceptions: upcomingExceptions(store, now),
    today: todayHours(store, now),
    inStock: store.inStock,
    fastTime: store.fastTime,
    slowTime: store.slowTime,
    fastDate: fast.readyAt?.toISOString() ?? null,
    slowDate: slow.readyAt?.toISOString() ?? null,
    pickup: pickupAt(store.inStock ? fast : slow, now),
  }
}

/** The exceptions from today on, so the browser can work the pickup out again later with the same hours. */
function upcomingExceptions(store: StoreRecord, now: Date): StoreRecord['exceptions'] {
  const today = romeClock(now).date
  const last = addDays(today, EXCEPTION_DAYS)
  return store.exceptions.filter((e) => e.date >= today && e.date <= last)
}

export function toFavouriteStore(store: StoreRecord): FavouriteStore {
  return { id: store.id, name: store.name, postalCode: store.postalCode, sellerId: store.sellerId, geoCoordinates: [store.longitude, store.latitude] }
}

/** The items of a store call (id is the sku) as stock requests; the same sku twice sums (req CALL-15). */
export function stockRequests(items: readonly { id: string; quantity: number }[]): StockRequest[] {
  const sums = new Map<string, number>()
  for (const item of items) sums.set(item.id, (sums.get(item.id) ?? 0) + item.quantity)
  return [...sums].map(([sku, quantity]) => ({ sku, quantity }))
}

/**
 * The favourite store belongs to the person behind the session cookie: a
 * guest is refused with 401, and an email in the body naming anyone else
 * with 403 (the body never chooses whose store it is).
 */
export async function personNamed(identity: IdentityAdapter, email: string, ctx: RequestContext): Promise<Person> {
  const person = await identity.session.person(ctx)
  if (!person) throw new CommerceError(401, 'unauthorized', 'log in to use a favourite store')
  if (person.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw new CommerceError(403, 'forbidden', 'email does not match the logged-in shopper')
  }
  return person
}

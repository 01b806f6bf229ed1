/**
 * Stores and pickup over VTEX: the stores are the account's Logistics pickup
 * points, their stock the Logistics inventory of the warehouse with the same
 * id, a postal code Checkout's postal-code service, the order form's pickup
 * point its `shippingData` (the pickup-in-point delivery channel), and the
 * favourite store a Master Data document of the customer behind the cookie.
 *
 * VTEX has no gazetteer: it cannot find a town by name nor the place nearest
 * a point. Those two come from the geography given to the factory (the
 * embedded platform's, see index.ts and docs/vtex.md), not from VTEX.
 */
import { z } from 'zod/v4'
import { WEEKDAYS, type DayHours, type HoursException, type WeekHours } from '../../domain/pickup'
import type { GeoPoint, Place, StockRequest, StoreRecord } from '../../domain/store'
import type { RequestContext } from '../../domain/types'
import type { StoresAdapter } from '../capabilities/stores'
import { CommerceError, notFound } from '../errors'
import { read } from './read'
import type { VtexClient } from './client'
import { formPath, mustOwnOrderForm, readPath } from './ownership'
import { masterData } from './masterdata/documents'
import { customerId } from './session'

/** Preparation times of a pickup point without `fast:`/`slow:` tags: the slowest the shop promises, so no shopper is told too early. */
export const DEFAULT_FAST_MINUTES = 240
export const DEFAULT_SLOW_MINUTES = 4320

const PickupPoint = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean().optional(),
  seller: z.string().nullable().optional(),
  address: z.object({
    postalCode: z.string().default(''),
    city: z.string().default(''),
    state: z.string().default(''),
    street: z.string().default(''),
    number: z.string().default(''),
    location: z.object({ latitude: z.number(), longitude: z.number() }),
  }),
  businessHours: z.array(z.object({ dayOfWeek: z.number(), openingTime: z.string(), closingTime: z.string() })).default([]),
  tagsLabel: z.array(z.string()).nullable().default([]),
  pickupHolidays: z.array(z.object({ date: z.string(), hourBegin: z.string().optional(), hourEnd: z.string().optional() })).nullable().default([]),
})
type PickupPoint = z.infer<typeof PickupPoint>

const Inventory = z.object({
  balance: z.array(z.object({ warehouseId: z.string(), totalQuantity: z.number(), reservedQuantity: z.number().default(0), hasUnlimitedQuantity: z.boolean().default(false) })),
})

const PostalCode = z.object({ postalCode: z.string(), city: z.string().nullable().default(''), state: z.string().nullable().default(''), geoCoordinates: z.array(z.number()).default([]) })

const ShippingForm = z.object({
  items: z.array(z.unknown()),
  shippingData: z
    .object({
      selectedAddresses: z.array(z.object({ addressType: z.string().nullable().optional(), addressId: z.string().nullable().optional() })).default([]),
      logisticsInfo: z.array(z.object({ selectedSla: z.string().nullable().optional(), selectedDeliveryChannel: z.string().nullable().optional() })).default([]),
    })
    .nullable()
    .optional(),
})

const EARTH_RADIUS_M = 6_371_000
export function greatCircleMetres(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h))
}

const hhmm = (time: string) => time.slice(0, 5)
const tag = (point: PickupPoint, name: string) => point.tagsLabel?.find((t) => t.startsWith(`${name}:`))?.slice(name.length + 1)
const minutes = (value: string | undefined, fallback: number) => (value && /^\d{1,6}$/.test(value) ? Number(value) : fallback)

/** A pickup point as the storefront's store: the shop's seller code and preparation times are tags on it (docs/vtex.md). */
export function toStore(point: PickupPoint, distance: number | null, inStock: boolean): StoreRecord {
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, null as DayHours])) as WeekHours
  for (const h of point.businessHours) {
    const day = WEEKDAYS[h.dayOfWeek]
    if (day) hours[day] = { open: hhmm(h.openingTime), close: hhmm(h.closingTime) }
  }
  const exceptions: HoursException[] = (point.pickupHolidays ?? []).map((h) => ({
    date: h.date.slice(0, 10),
    // A holiday without hours, or 00:00 to 00:00, closes the store for the day.
    hours: h.hourBegin && h.hourEnd && !(h.hourBegin.startsWith('00:00') && h.hourEnd.startsWith('00:00')) ? { open: hhmm(h.hourBegin), close: hhmm(h.hourEnd) } : null,
  }))
  return {
    id: point.id,
    name: point.name,
    street: [point.address.street, point.address.number].filter(Boolean).join(' '),
    city: point.address.city,
    region: point.address.state,
    postalCode: point.address.postalCode,
    latitude: point.address.location.latitude,
    longitude: point.address.location.longitude,
    hours,
    exceptions,
    sellerId: tag(point, 'seller') ?? point.seller ?? '',
    vtexSellerId: point.seller ?? '',
    fastTime: minutes(tag(point, 'fast'), DEFAULT_FAST_MINUTES),
    slowTime: minutes(tag(point, 'slow'), DEFAULT_SLOW_MINUTES),
    distance,
    inStock,
  }
}

export function vtexStores(client: VtexClient, geography: StoresAdapter['geo']): StoresAdapter {
  const documents = masterData(client)

  const pickupPoints = async () =>
    read(z.array(PickupPoint), (await client.call('/api/logistics/pvt/configuration/pickuppoints', { private: true })).body, 'pickup points').filter((p) => p.isActive !== false)

  /** Units each store can give of each asked sku, by warehouse (a store's warehouse has the store's id); 404 for an unknown sku. */
  async function stock(items: StockRequest[]): Promise<(storeId: string) => boolean> {
    if (items.length === 0) return () => true
    const balances = await Promise.all(
      items.map(async ({ sku, quantity }) => {
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(sku)) throw notFound(`no sku ${sku}`)
        const inventory = read(Inventory, (await client.call(`/api/logistics/pvt/inventory/skus/${encodeURIComponent(sku)}`, { private: true })).body, 'inventory')
        return { quantity, balance: inventory.balance }
      }),
    )
    return (storeId) =>
      balances.every(({ quantity, balance }) => {
        const here = balance.find((b) => b.warehouseId === storeId)
        return !!here && (here.hasUnlimitedQuantity || here.totalQuantity - here.reservedQuantity >= quantity)
      })
  }

  async function find(match: (p: PickupPoint) => boolean, what: string, items: StockRequest[] = []): Promise<StoreRecord> {
    const [points, stocks] = await Promise.all([pickupPoints(), stock(items)])
    const point = points.find(match)
    if (!point) throw notFound(`no store ${what}`)
    return toStore(point, null, stocks(point.id))
  }
  const byId = (storeId: string, items: StockRequest[] = []) => find((p) => p.id === storeId, storeId, items)

  /** The browser's own order form (./ownership.ts); every other id is the 404 of an unknown cart. */
  async function orderForm(id: string, ctx: RequestContext) {
    await mustOwnOrderForm(client, id, ctx)
    return read(ShippingForm, (await client.call(readPath(id), { ctx })).body, 'order form')
  }
  const chosenPickup = (form: z.infer<typeof ShippingForm>): string | null =>
    form.shippingData?.selectedAddresses.find((a) => a.addressType?.toLowerCase() === 'pickup')?.addressId ??
    form.shippingData?.logisticsInfo.find((l) => l.selectedDeliveryChannel === 'pickup-in-point')?.selectedSla ??
    null
  const pickupOf = async (storeId: string | null) => (storeId ? byId(storeId).catch((e: unknown) => (e instanceof CommerceError && e.status === 404 ? null : Promise.reject(e))) : null)

  async function postalCode(code: string): Promise<Place> {
    const answer = read(PostalCode, (await client.call(`/api/checkout/pub/postal-code/ITA/${code}`)).body, 'postal code')
    if (!answer.city) throw notFound(`no place with postal code ${code}`)
    const [lng, lat] = answer.geoCoordinates
    // Checkout names the town and its state (the province in Italian stores); coordinates it lacks come from the geography.
    const located = lat !== undefined && lng !== undefined ? { lat, lng, region: '' } : await geography.lookup(code).then((p) => ({ lat: p.lat, lng: p.lng, region: p.region }))
    return { postalCode: answer.postalCode, town: answer.city, province: answer.state ?? '', ...located }
  }

  return {
    async near(point, radius, items, limit = 20) {
      const [points, stocks] = await Promise.all([pickupPoints(), stock(items)])
      return points
        .map((p) => ({ p, distance: Math.round(greatCircleMetres(point, { lat: p.address.location.latitude, lng: p.address.location.longitude })) }))
        .filter(({ distance }) => distance <= radius)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, Math.max(0, limit))
        .map(({ p, distance }) => toStore(p, distance, stocks(p.id)))
    },
    byId,
    bySeller: (sellerId, items = []) => find((p) => tag(p, 'seller') === sellerId || p.seller === sellerId, `of seller ${sellerId}`, items),
    async favourite(ctx) {
      const customer = await customerId(client, ctx)
      const [doc] = await documents.search('favstore', { customerId: customer })
      return typeof doc?.storeId === 'string' ? pickupOf(doc.storeId) : null
    },
    async saveFavourite(storeId, ctx) {
      const customer = await customerId(client, ctx)
      const store = await byId(storeId)
      await documents.save('favstore', { id: `favstore-${customer}`, customerId: customer, storeId: store.id })
      return store
    },
    pickupPoint: async (id, ctx) => pickupOf(chosenPickup(await orderForm(id, ctx))),
    async setPickupPoint(id, storeId, ctx) {
      const form = await orderForm(id, ctx)
      const store = storeId === null ? null : await byId(storeId)
      const body = store
        ? {
            clearAddressIfPostalCodeNotFound: false,
            selectedAddresses: [{ addressType: 'pickup', addressId: store.id, receiverName: '', postalCode: store.postalCode, city: store.city, state: store.region, country: 'ITA', street: store.street, number: '', neighborhood: '', complement: '', reference: '', geoCoordinates: [store.longitude, store.latitude] }],
            logisticsInfo: form.items.map((_, itemIndex) => ({ itemIndex, selectedDeliveryChannel: 'pickup-in-point', selectedSla: store.id })),
          }
        : { clearAddressIfPostalCodeNotFound: false, selectedAddresses: [], logisticsInfo: form.items.map((_, itemIndex) => ({ itemIndex, selectedDeliveryChannel: 'delivery' })) }
      await client.call(`${formPath(id)}/attachments/shippingData`, { method: 'POST', body, ctx })
      return store
    },
    geo: {
      lookup: (query) => (/^\d{5}$/.test(query.trim()) ? postalCode(query.trim()) : geography.lookup(query)),
      reverse: (point) => geography.reverse(point),
    },
  }
}

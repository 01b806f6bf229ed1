/**
 * The store Functions (src/api/store/*; req CALL-15, CALL-16, CALL-17, CALL-18, CALL-19): what each takes and
 * answers, and their route-table entries. Built with zod/v4/mini like the rest
 * of src/wire, since the store picker parses the answers in the browser.
 */
import { z } from './zod'
import { OrderFormId, Sku } from './inputs'
import { STORE_SEARCH_RADIUS } from '../config/constants'
import { WEEKDAYS, type Weekday } from '../domain/pickup'

const expecting = (required: string, wrongType: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? required : wrongType),
})

const StoreId = z.string(expecting('storeId is required', 'storeId must be a string')).check(
  z.minLength(1, 'storeId must not be empty'),
  z.maxLength(64, 'storeId is too long'),
  z.regex(/^[A-Za-z0-9_-]+$/, 'storeId may hold only letters, digits, hyphens and underscores'),
)
const Latitude = z.number(expecting('lat is required', 'lat must be a number')).check(z.gte(-90, 'lat must be between -90 and 90'), z.lte(90, 'lat must be between -90 and 90'))
const Longitude = z.number(expecting('lng is required', 'lng must be a number')).check(z.gte(-180, 'lng must be between -180 and 180'), z.lte(180, 'lng must be between -180 and 180'))
const Email = z.string(expecting('email is required', 'email must be a string')).check(z.maxLength(200), z.regex(/^[^\s@]+@[^\s@]+$/, 'email is not an email address'))
export const PostalCode = z.string(expecting('postalCode is required', 'postalCode must be a string')).check(z.regex(/^\d{5}$/, 'postalCode must be five digits'))

/** Items of getStoreListByProducts: id (the sku), quantity, seller (default "1") (req CALL-15). */
const StoreItem = z.object({
  id: Sku,
  quantity: z._default(z.number('quantity must be a number').check(z.int('quantity must be a whole number'), z.gte(1, 'quantity must be at least 1'), z.lte(10_000)), 1),
  seller: z._default(z.string().check(z.minLength(1), z.maxLength(64)), '1'),
})
const StoreItems = z._default(z.array(StoreItem).check(z.maxLength(200, 'at most 200 items')), [])
/** [longitude, latitude] (req PICKUP-01). */
const GeoCoordinates = z.tuple([Longitude, Latitude])

export const StoreIdBody = z.object({ storeId: StoreId })
export const StoreListBody = z.object({
  lat: Latitude,
  lng: Longitude,
  radius: z._default(z.number('radius must be a number').check(z.gt(0, 'radius must be positive'), z.lte(2_000_000, 'radius is at most 2000000 metres')), STORE_SEARCH_RADIUS),
})
export const EmailBody = z.object({ email: Email })
export const StoreListByProductsBody = z
  .object({
    postalCode: z.optional(PostalCode),
    /** A town typed instead of a postal code. */
    town: z.optional(z.string().check(z.minLength(2, 'town must have at least 2 characters'), z.maxLength(80))),
    items: StoreItems,
    geoCoordinates: z.optional(GeoCoordinates),
  })
  .check(z.refine((body) => Boolean(body.postalCode || body.town || body.geoCoordinates), 'give postalCode, town or geoCoordinates'))
export const StoreListBySellerBody = z.object({
  sellerId: z.string(expecting('sellerId is required', 'sellerId must be a string')).check(z.minLength(1, 'sellerId must not be empty'), z.maxLength(64)),
  items: StoreItems,
})
export const PickupPointBody = z.object({ id: StoreId })
export const SetShippingDataBody = z.object({
  orderFormId: OrderFormId,
  request: z
    .object({
      deliveryChannel: z.enum(['pickup-in-point', 'delivery'], 'deliveryChannel must be pickup-in-point or delivery'),
      pickupPointId: z.optional(StoreId),
    })
    .check(z.refine((r) => r.deliveryChannel === 'delivery' || r.pickupPointId !== undefined, 'request.pickupPointId is required for pickup-in-point')),
})
export const SaveFavouriteStoreBody = z.object({ email: Email, storeId: StoreId })
export const UserPostalCodeBody = z.object({ orderFormId: OrderFormId })
export const PostalCodeBody = z.object({ lat: Latitude, lng: Longitude })

const Clock = z.string()
const DayHours = z.nullable(z.object({ open: Clock, close: Clock }))
/** The domain's week (src/domain/pickup.ts), each day with its hours. */
const WeekHours = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, DayHours])) as Record<Weekday, typeof DayHours>)
/** A day whose hours differ from the week's; a store saved before they were sent has none. */
const HoursExceptions = z._default(z.array(z.object({ date: z.string(), hours: DayHours })), [])
export const PickupCategory = z.enum(['Default', 'FastTimeMinLimitHours', 'FastTimeMoreThanMinLimitHours', 'FastTimeAfterOpen', 'SlowTime'])
const Pickup = z.object({
  category: PickupCategory,
  /** Rome date and time the order is ready; null for Default. */
  date: z.nullable(z.string()),
  time: z.nullable(z.string()),
  readyAt: z.nullable(z.string()),
  /** Minutes from the answer to readyAt. */
  waitMinutes: z.nullable(z.number()),
})

/** A store (req PICKUP-01), with the pickup the store offers now for the asked items. */
export const StoreView = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  geoCoordinates: z.tuple([z.number(), z.number()]),
  sellerId: z.string(),
  vtexSellerId: z.string(),
  /** Metres; null when no point was searched. */
  distance: z.nullable(z.number()),
  hours: WeekHours,
  /** Hour exceptions of the next two weeks. */
  exceptions: HoursExceptions,
  today: z.object({ hours: DayHours, openNow: z.boolean() }),
  inStock: z.boolean(),
  fastTime: z.number(),
  slowTime: z.number(),
  fastDate: z.nullable(z.string()),
  slowDate: z.nullable(z.string()),
  pickup: Pickup,
})
export type StoreView = z.output<typeof StoreView>

export const PlaceAnswer = z.object({ postalCode: z.string(), town: z.string(), province: z.string(), region: z.string(), lat: z.number(), lng: z.number() })
export const StoreListAnswer = z.object({ stores: z.array(StoreView), place: z.nullable(PlaceAnswer) })
export const StoreAnswer = z.object({ store: StoreView })
export const SellerIdAnswer = z.object({ SellerId: z.string() })
/** A favourite store (req PICKUP-01). */
export const FavouriteStore = z.object({ id: z.string(), name: z.string(), postalCode: z.string(), sellerId: z.string(), geoCoordinates: z.tuple([z.number(), z.number()]) })
export type FavouriteStore = z.output<typeof FavouriteStore>
export const FavouriteStoreAnswer = z.object({ favouriteStore: z.nullable(FavouriteStore) })
export const ShippingDataAnswer = z.object({
  orderFormId: z.string(),
  deliveryChannel: z.enum(['pickup-in-point', 'delivery']),
  pickupPoint: z.nullable(StoreView),
})
export const UserPostalCodeAnswer = z.object({ postalCode: z.string(), source: z.enum(['pickupPoint', 'default']) })
/** The shape of a maps geocoding answer (req CALL-19): the postal code is the component typed postal_code. */
export const GeocodeAnswer = z.object({
  status: z.string(),
  results: z.array(
    z.object({
      formatted_address: z.string(),
      address_components: z.array(z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) })),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
    }),
  ),
})

export const storeRoutes = {
  'store/getSellerIdByStoreId': { method: 'POST', body: StoreIdBody, answer: SellerIdAnswer },
  'store/getStoreList': { method: 'POST', body: StoreListBody, answer: StoreListAnswer },
  'store/getFavouriteStore': { method: 'POST', body: EmailBody, answer: FavouriteStoreAnswer },
  'store/getStoreDetails': { method: 'POST', body: StoreIdBody, answer: StoreAnswer },
  'store/getStoreListByProducts': { method: 'POST', body: StoreListByProductsBody, answer: StoreListAnswer },
  'store/getStoreListBySellerAccount': { method: 'POST', body: StoreListBySellerBody, answer: StoreAnswer },
  'store/getPickupPointById': { method: 'POST', body: PickupPointBody, answer: StoreAnswer },
  'store/setShippingData': { method: 'POST', body: SetShippingDataBody, answer: ShippingDataAnswer },
  'store/saveFavouriteStore': { method: 'POST', body: SaveFavouriteStoreBody, answer: FavouriteStoreAnswer },
  'store/getUserPostalCode': { method: 'POST', body: UserPostalCodeBody, answer: UserPostalCodeAnswer },
  'store/getPostalCode': { method: 'POST', body: PostalCodeBody, answer: GeocodeAnswer },
} as const

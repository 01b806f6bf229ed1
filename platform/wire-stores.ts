/**
 * The wire schemas of the platform's stores, pickup and geocoding API
 * (beside platform/wire.ts, same conventions). Distances are metres,
 * times "HH:MM" in the store's time zone (Europe/Rome), dates "YYYY-MM-DD".
 */
import { z } from 'zod/v4'

const Clock = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/)
export const DayHours = z.object({ open: Clock, close: Clock }).nullable()
export const WeekHours = z.object({
  monday: DayHours,
  tuesday: DayHours,
  wednesday: DayHours,
  thursday: DayHours,
  friday: DayHours,
  saturday: DayHours,
  sunday: DayHours,
})

export const Store = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  hours: WeekHours,
  /** Days of the next weeks whose hours differ from the week's; null hours: closed. */
  exceptions: z.array(z.object({ date: z.string(), hours: DayHours })),
  sellerId: z.string(),
  vtexSellerId: z.string(),
  /** Minutes to prepare an order from the store's stock. */
  fastTime: z.number().int().nonnegative(),
  /** Minutes to bring in what the store does not stock. */
  slowTime: z.number().int().nonnegative(),
  /** Great-circle metres from the searched point; null when no point was given. */
  distance: z.number().nonnegative().nullable(),
  /** Whether the store stocks every asked item in the asked quantity; true when none were asked. */
  inStock: z.boolean(),
})
export type Store = z.infer<typeof Store>
export type WeekHours = z.infer<typeof WeekHours>

export const StoreList = z.object({ items: z.array(Store) })
export type StoreList = z.infer<typeof StoreList>
export const StoreAnswer = z.object({ store: Store.nullable() })
export type StoreAnswer = z.infer<typeof StoreAnswer>

export const StoreItem = z.object({ sku: z.string().min(1).max(100), quantity: z.number().int().min(1).max(10_000) })
/**
 * Rounds to a fixed number of decimals (7 for degrees: about 1 cm), so a
 * subnormal such as 5e-324, which the database cannot read back as a
 * double, becomes 0; `+ 0` turns -0 into 0.
 */
const rounded = (decimals: number) => (value: number): number => Math.round(value * 10 ** decimals) / 10 ** decimals + 0
export const Latitude = z.number().min(-90).max(90).transform(rounded(7))
export const Longitude = z.number().min(-180).max(180).transform(rounded(7))

export const StoreSearchBody = z.object({
  lat: Latitude,
  lng: Longitude,
  /** Metres. */
  radius: z.number().positive().max(20_037_509).transform(rounded(1)),
  items: z.array(StoreItem).max(200).default([]),
  limit: z.number().int().min(1).max(100).default(20),
})
export const StoreStockBody = z.object({ items: z.array(StoreItem).max(200).default([]) })
export const FavouriteStoreBody = z.object({ storeId: z.string().min(1).max(100) })
export const PickupBody = z.object({ storeId: z.string().min(1).max(100).nullable() })

/** A place found from a postal code or a town name, or from coordinates. */
export const Place = z.object({
  postalCode: z.string(),
  town: z.string(),
  province: z.string(),
  region: z.string(),
  lat: z.number(),
  lng: z.number(),
})
export type Place = z.infer<typeof Place>

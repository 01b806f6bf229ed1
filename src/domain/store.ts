/**
 * Stores and pickup points (req PICKUP-01): what the commerce
 * platform knows of a store, and the place a postal code or a position names.
 */
import type { HoursException, WeekHours } from './pickup'

export interface StoreRecord {
  id: string
  name: string
  street: string
  city: string
  region: string
  postalCode: string
  latitude: number
  longitude: number
  hours: WeekHours
  exceptions: HoursException[]
  sellerId: string
  vtexSellerId: string
  /** Minutes to prepare an order from the store's stock. */
  fastTime: number
  /** Minutes to bring in what the store does not stock. */
  slowTime: number
  /** Metres from the searched point; null when none was given. */
  distance: number | null
  /** Whether the store stocks every asked item in the asked quantity. */
  inStock: boolean
}

/** An item asked of a store: a sku and how many. */
export interface StockRequest {
  sku: string
  quantity: number
}

export interface GeoPoint {
  lat: number
  lng: number
}

/** A place named by an Italian postal code, town or position. */
export interface Place extends GeoPoint {
  postalCode: string
  town: string
  province: string
  region: string
}

/** Great-circle distance in kilometres as the shopper reads it: one decimal under 10 km, whole above. */
export function distanceKm(metres: number): string {
  const km = metres / 1000
  return km < 10 ? km.toFixed(1).replace('.', ',') : String(Math.round(km))
}

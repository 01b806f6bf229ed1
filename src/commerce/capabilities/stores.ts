/**
 * Stores and pickup: the shops near a place and their stock, the shopper's
 * favourite store, an order form's pickup point, and the geography that turns
 * a postal code or a position into a place. `conformance/stores.ts` checks an
 * implementation against these comments.
 */
import type { GeoPoint, Place, StockRequest, StoreRecord } from '../../domain/store'
import type { RequestContext } from '../../domain/types'

/**
 * Store lookups reject with 404 for an unknown store or sku; favourite-store
 * methods reject with 401 for a guest; pickup-point methods reject like
 * `cart.get` (404, 403, and 409 once placed for a change).
 */
export interface StoresAdapter {
  /** Stores within `radius` metres of a point, nearest first (great-circle), each saying whether it stocks `items`. */
  near(point: GeoPoint, radius: number, items: StockRequest[], limit?: number): Promise<StoreRecord[]>
  byId(storeId: string, items?: StockRequest[]): Promise<StoreRecord>
  /** A store by either of its seller ids. */
  bySeller(sellerId: string, items?: StockRequest[]): Promise<StoreRecord>
  /** The logged-in shopper's favourite store, or null when they have none. */
  favourite(ctx: RequestContext): Promise<StoreRecord | null>
  saveFavourite(storeId: string, ctx: RequestContext): Promise<StoreRecord>
  /** The order form's pickup point, or null when it is delivered. */
  pickupPoint(orderFormId: string, ctx: RequestContext): Promise<StoreRecord | null>
  /** Picks the order up at a store, or with null returns it to delivery. */
  setPickupPoint(orderFormId: string, storeId: string | null, ctx: RequestContext): Promise<StoreRecord | null>
  geo: {
    /** An Italian five-digit postal code or municipality name; rejects with 404 when there is none. */
    lookup(query: string): Promise<Place>
    /** The place nearest to a point. */
    reverse(point: GeoPoint): Promise<Place>
  }
}

/**
 * The commerce adapter: the only operations the storefront calls on a
 * commerce platform. Build-time sourcing and the search Functions use `catalog`; the Functions use
 * `cart` and `session`. Every method either resolves with domain types or
 * rejects with a `CommerceError` carrying the HTTP status to answer with.
 * `src/commerce/conformance/suite.ts` checks every implementation against these comments.
 */
import type { GeoPoint, Place, StockRequest, StoreRecord } from '../domain/store'
import type { Address, Brand, Cart, Category, CustomerProfile, LineInput, Page, PlacedOrder, Person, Product, RequestContext, SavedCustomer, SearchQuery, SearchResult, Suggestions, WishlistItem } from '../domain/types'

export interface CommerceAdapter {
  catalog: {
    categories(): Promise<Category[]>
    brands(): Promise<Brand[]>
    /** Zero-based pages in a stable order, for build-time sourcing. */
    products(page: number, pageSize: number): Promise<Page<Product>>
    /** Listed products matching the query, with facet counts; rejects with 400/404 for unknown facets, brands or categories. */
    search(query: SearchQuery): Promise<SearchResult>
    /** Term completions and best-matching products for what a shopper is typing. */
    suggestions(term: string, limits: { terms: number; products: number }): Promise<Suggestions>
  }
  /**
   * Every method but `create` rejects like `get`, and with 409 once the order form is placed. A
   * guest's order form is bound to the browser that created it: only a request carrying the key
   * issued with it (a cookie the adapter puts in `ctx.issued`, for the Function to set) reaches it,
   * any other answers the 404 of an unknown id; a logged-in shopper holding the key claims it (it
   * becomes theirs). A change that fails changes nothing: 404
   * for an unknown sku, 422 for a quantity outside the line's bounds (the product's minimum, the
   * variant's maximum), also after summing.
   */
  cart: {
    /** Rejects with 404 when the order form does not exist or is another browser's guest cart, 403 when it belongs to another customer. */
    get(orderFormId: string, ctx: RequestContext): Promise<Cart>
    /** A new empty order form, owned by the shopper in `ctx` when logged in, else bound to this browser. */
    create(ctx: RequestContext): Promise<Cart>
    /** Adds units; the same sku, seller and attachments sum into one line. */
    addItem(orderFormId: string, line: LineInput, ctx: RequestContext): Promise<Cart>
    /** Sets a line's quantity (at least 1, at most the line's maximum); 404 when the cart has no such line. */
    updateItem(orderFormId: string, line: LineInput, ctx: RequestContext): Promise<Cart>
    /** 404 when the cart has no such line. */
    removeItem(orderFormId: string, line: Omit<LineInput, 'quantity'>, ctx: RequestContext): Promise<Cart>
    /** Makes the order form's paid lines exactly `lines`, repeated lines summed; gifts are the platform's to decide. */
    replaceItems(orderFormId: string, lines: LineInput[], ctx: RequestContext): Promise<Cart>
  }
  session: {
    /** The logged-in person behind the request's cookie, or null for a guest. */
    person(ctx: RequestContext): Promise<Person | null>
    /** Loyalty-card data and the vet flag of the person behind the cookie, or null for a guest. */
    profile(ctx: RequestContext): Promise<CustomerProfile | null>
    /** The addresses of the person behind the cookie, residential first; none for a guest. */
    addresses(ctx: RequestContext): Promise<Address[]>
  }
  loyalty: {
    /** Loyalty points earned per euro on a sku (at least 1); rejects with 404 for an unknown sku. */
    multiplier(sku: string): Promise<number>
  }
  /**
   * Stores and pickup. Store lookups reject with 404 for an unknown store or
   * sku; favourite-store methods reject with 401 for a guest; pickup-point
   * methods reject like `cart.get` (404, 403, and 409 once placed for a change).
   */
  stores: {
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
  }
  geo: {
    /** An Italian five-digit postal code or municipality name; rejects with 404 when there is none. */
    lookup(query: string): Promise<Place>
    /** The place nearest to a point. */
    reverse(point: GeoPoint): Promise<Place>
  }
  /**
   * The cart a customer finds on every device (spec §4). The customer is the one
   * behind the cookie: every method but `owner` rejects with 401 for a guest.
   */
  sharedCart: {
    /** Whether a customer saved or owns this order form; their id only when it is the caller's. Unknown ids are unsaved. */
    owner(orderFormId: string, ctx: RequestContext): Promise<SavedCustomer>
    /** The caller's saved cart, or null when there is none (or it is empty and `nullOnEmpty`). */
    saved(nullOnEmpty: boolean, ctx: RequestContext): Promise<Cart | null>
    /** Saves this order form as the caller's cart (claiming this browser's guest cart); 403 when it belongs to someone else, 404 for another browser's guest cart, 409 once placed. Answers the cart. */
    save(orderFormId: string, ctx: RequestContext): Promise<Cart>
    /**
     * COMBINE: adds the current cart's lines to the caller's saved cart (equal lines summed,
     * capped at the line maximum, none dropped; gifts the platform's) and answers the saved cart.
     * 403 when `savedOrderFormId` is not the caller's saved cart or the current cart is someone else's.
     */
    merge(savedOrderFormId: string, currentOrderFormId: string, ctx: RequestContext): Promise<Cart>
  }
  orders: {
    /**
     * A placed order by its number and the email it was placed with; 404, the same
     * for any wrong pair, an order not yet placed or too many failed tries.
     */
    findPlaced(orderNumber: string, email: string): Promise<PlacedOrder>
  }
  /** The caller's wishlist; every method rejects with 401 for a guest. */
  wishlist: {
    list(ctx: RequestContext): Promise<WishlistItem[]>
    /** The list item id of the sku (the existing one when already there); 404 for an unknown sku. */
    add(sku: string, ctx: RequestContext): Promise<string>
    /** Whether the caller's item was removed; false for an unknown or another shopper's item. */
    remove(itemId: string, ctx: RequestContext): Promise<boolean>
  }
}

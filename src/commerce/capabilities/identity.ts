/**
 * Identity: who the shopper behind the request's cookie is, and what belongs
 * to them (the cart saved for every device, the wishlist), plus the lookup of
 * a placed order by its number and email. The cookie alone says who the
 * shopper is, never an argument. `conformance/identity.ts` checks an
 * implementation against these comments.
 */
import type { Address, Cart, CustomerProfile, PlacedOrder, Person, RequestContext, SavedCustomer, WishlistItem } from '../../domain/types'

/** Where a login handed off to the platform's page comes back to. */
export interface LoginRequest {
  /** The page to come back to: an address of the storefront or of the store's secure domain, or a path on the latter. */
  returnUrl: string | undefined
  /** The storefront's own origin, as the request was sent to it. */
  ownOrigin: string
}

export interface IdentityAdapter {
  /**
   * A login made on the platform's own page that counts only once it comes back through the storefront (VTEX:
   * vtex/login.ts). Absent where the platform's session cookie is the login itself.
   */
  login?: {
    /** The platform's login page to send the browser to; what the browser must keep is issued in `ctx`. */
    start(request: LoginRequest, ctx: RequestContext): Promise<string>
    /** The page to go back to, the login bound (issued in `ctx`) when it is this browser's own. */
    finish(state: string | undefined, request: LoginRequest, ctx: RequestContext): Promise<string>
  }
  session: {
    /** The logged-in person behind the request's cookie, or null for a guest. */
    person(ctx: RequestContext): Promise<Person | null>
    /** Loyalty-card data and the vet flag of the person behind the cookie, or null for a guest. */
    profile(ctx: RequestContext): Promise<CustomerProfile | null>
    /** The addresses of the person behind the cookie, residential first; none for a guest. */
    addresses(ctx: RequestContext): Promise<Address[]>
  }
  /**
   * The cart a customer finds on every device (req SHARED-07, SHARED-12). The customer is the one
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
  /** The caller's wishlist; every method rejects with 401 for a guest. */
  wishlist: {
    list(ctx: RequestContext): Promise<WishlistItem[]>
    /** The list item id of the sku (the existing one when already there); 404 for an unknown sku. */
    add(sku: string, ctx: RequestContext): Promise<string>
    /** Whether the caller's item was removed; false for an unknown or another shopper's item. */
    remove(itemId: string, ctx: RequestContext): Promise<boolean>
  }
  orders: {
    /**
     * A placed order by its number and the email it was placed with; 404, the same
     * for any wrong pair or an order not yet placed; 429 with the wait
     * (`retryAfterSeconds`) for a shopper who has failed too often, counted by
     * the shopper's address in `ctx`.
     */
    findPlaced(orderNumber: string, email: string, ctx: RequestContext): Promise<PlacedOrder>
  }
}

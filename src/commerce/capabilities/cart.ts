/**
 * The cart: order forms the shopper fills before the platform's checkout.
 * `conformance/cart.ts` checks an implementation against these comments.
 */
import type { Cart, LineInput, RequestContext } from '../../domain/types'

/**
 * Every method but `create` rejects like `get`, and with 409 once the order form is placed. A
 * guest's order form is bound to the browser that created it: only a request carrying the key
 * issued with it (a cookie the adapter puts in `ctx.issued`, for the Function to set) reaches it,
 * any other answers the 404 of an unknown id; a logged-in shopper holding the key claims it (it
 * becomes theirs). A change that fails changes nothing: 404
 * for an unknown sku, 422 for a quantity outside the line's bounds (the product's minimum, the
 * variant's maximum), also after summing.
 */
export interface CartAdapter {
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
  /**
   * Gives each paid line of `lines` its quantity in one step, repeated lines summed: 0 takes a line away
   * (a line the cart lacks is then no change), a line the cart lacks is added, and every paid line not named
   * stays as it is, so a change made meanwhile from another tab or device to another line survives. Refused
   * as a whole: 404 for an unknown sku to add, 422 for a quantity out of bounds or below 0.
   */
  setItems(orderFormId: string, lines: LineInput[], ctx: RequestContext): Promise<Cart>
  /** Makes the order form's paid lines exactly `lines`, repeated lines summed; gifts are the platform's to decide. */
  replaceItems(orderFormId: string, lines: LineInput[], ctx: RequestContext): Promise<Cart>
  /**
   * The guest-cart keys the browser holds once this request is answered (the one issued during it, else those it
   * sent under the name the backend reads): one, none, or several when a cookie was planted beside its own. A
   * Function that keeps an order form's id in a cookie of its own binds that cookie to the key. Absent where the
   * backend binds order forms to the browser by cookies of its own alone.
   */
  browserKeys?(ctx: RequestContext): string[]
}

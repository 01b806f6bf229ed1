/**
 * The commerce adapter: the only operations the storefront calls on a
 * commerce platform. Build-time sourcing and the search Functions use `catalog`; the Functions use
 * `cart` and `session`. Every method either resolves with domain types or
 * rejects with a `CommerceError` carrying the HTTP status to answer with.
 * `src/commerce/contract.ts` checks every implementation against these comments.
 */
import type { Brand, Cart, Category, CustomerProfile, LineInput, Page, Person, Product, RequestContext, SearchQuery, SearchResult, Suggestions } from '../domain/types'

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
   * Every method but `create` rejects like `get`, and with 409 once the order form is placed; a
   * guest's order form is open to whoever holds its id. A change that fails changes nothing: 404
   * for an unknown sku, 422 for a quantity outside the line's bounds (the product's minimum, the
   * variant's maximum), also after summing.
   */
  cart: {
    /** Rejects with 404 when the order form does not exist, 403 when it belongs to someone else. */
    get(orderFormId: string, ctx: RequestContext): Promise<Cart>
    /** A new empty order form, owned by the shopper in `ctx` when logged in. */
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
  }
  loyalty: {
    /** Loyalty points earned per euro on a sku (at least 1); rejects with 404 for an unknown sku. */
    multiplier(sku: string): Promise<number>
  }
}

/**
 * The storefront's own domain types. They follow the shapes of the ENTITY rules (req ENTITY-01 and on) so the
 * islands, the sdk stores and the Functions speak one language; each commerce
 * implementation maps its vendor's answers into them.
 */

export interface Image {
  url: string
  alternateName: string
}

export interface Brand {
  id: string
  slug: string
  name: string
  privateLabel: boolean
}

export interface Category {
  id: string
  /** Full path without leading slash, e.g. "cane/cibo-secco"; the page lives at "/{slug}". */
  slug: string
  name: string
  level: 1 | 2 | 3 | 4
  parentId: string | null
  position: number
}

export interface BreadcrumbItem {
  name: string
  /** Site path, e.g. "/cane/cibo-secco". */
  item: string
  position: number
}

export interface Offer {
  price: number
  listPrice: number
  /** 0 or less means out of stock (req CART-22). */
  lowPrice: number
}

export interface ProductVariant {
  sku: string
  name: string
  gtin: string
  offers: Offer
  unitMultiplier: number
  maxQuantity: number
  image: Image[]
}

export interface PriceTier {
  minQuantity: number
  value: number
}

export interface ProductProperty {
  name: string
  value: string
}

export interface Product {
  /** productGroupID */
  id: string
  slug: string
  name: string
  description: string
  brand: Brand
  categoryId: string
  breadcrumbList: BreadcrumbItem[]
  hasVariant: ProductVariant[]
  properties: ProductProperty[]
  priceTiers: PriceTier[]
  tierExtraDiscount: boolean
  minQuantity: number
  fastPicking: boolean
  isKit: boolean
  subscription: { frequencies: string[] } | null
  releaseDate: string
}

/** What a product card needs: listings, shelves and suggestions carry only this. */
export interface ProductSummary {
  id: string
  slug: string
  name: string
  brand: Brand
  fastPicking: boolean
  hasVariant: { sku: string; name: string; offers: Offer; image: Image[] }[]
}

export type SearchSort = 'score_desc' | 'price_asc' | 'price_desc' | 'name_asc' | 'name_desc' | 'discount_desc' | 'release_desc'

/** A catalog search, vendor-neutral: a text, a category scope and facet filters (same key ORed, keys ANDed). */
export interface SearchQuery {
  term: string | null
  /** Category slug ("cane/cibo-secco"): the category and its descendants. */
  category: string | null
  /** Facet filters; key "category" takes a category slug, "brand" a brand slug, "price" a range like 10-25. */
  filters: { key: string; value: string }[]
  sort: SearchSort
  page: number
  pageSize: number
}

export interface FacetValue {
  value: string
  label: string
  quantity: number
  selected: boolean
}

export interface Facet {
  key: string
  label: string
  values: FacetValue[]
}

export interface SearchResult {
  products: ProductSummary[]
  total: number
  page: number
  pageSize: number
  facets: Facet[]
  /** Present when the term as typed found nothing and these are the results of its typo-corrected form (req SEARCH-14). */
  correction?: { term: string }
  /** Present when the catalog answered the products but not their facets: `facets` is empty, the page says filters are unavailable. */
  facetsUnavailable?: true
}

export interface Suggestions {
  terms: { value: string; count: number }[]
  products: ProductSummary[]
}

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** Cart line attachment, e.g. the subscription (req CART-04). */
export interface AdditionalProperty {
  propertyID?: string
  name: string
  value: string
  valueReference: 'ATTACHMENT' | string
}

/** A cart line (req ENTITY-01). */
export interface CartItem {
  /** Built from sku, seller, price and attachment ids: see `cartItemId`. */
  id: string
  index: number
  quantity: number
  price: number
  listPrice: number
  isKit: boolean
  isGift: boolean
  seller: { identifier: string }
  itemOffered: {
    sku: string
    name: string
    gtin: string
    slug: string
    image: Image[]
    brand: { name: string }
    breadcrumbList: BreadcrumbItem[]
    stockKeepingUnit: { isKit: boolean }
    isVariantOf: {
      name: string
      productGroupID: string
      hasVariant: { sku: string; offers: { lowPrice: number } }[]
    }
    additionalProperty: AdditionalProperty[]
    productSpecifications: { unitMultiplier: number; maxQuantity: number }
  }
}

export interface CartMessage {
  text: string
  status: 'info' | 'warning' | 'error'
}

/** The cart (order form) as the storefront keeps it. `id` is the orderFormId, '' before one exists. */
export interface Cart {
  id: string
  items: CartItem[]
  messages: CartMessage[]
  shouldSplitItem: boolean
}

export interface Person {
  id: string
  givenName: string
  familyName: string
  email: string
}

/** What the platform knows of a logged-in customer beyond the person (req ID-06, ID-07). */
export interface CustomerProfile {
  bkId: string
  arcacard: string
  profilingConsent: boolean
  isVet: boolean
}

/** A line to add, update or remove, identified the way the platform identifies it. */
export interface LineInput {
  sku: string
  seller: string
  quantity: number
  attachments: { name: string; value: string }[]
}

/**
 * Caller identity: the shopper's cookie header, forwarded as it came. Never a body field.
 * It is also the request's cookie jar: a cookie the platform issues during the request
 * (the key that binds a new guest cart to this browser) is added to `issued` by the
 * adapter, sent on its later calls of the same request, and set on the Function's answer.
 */
export interface RequestContext {
  cookie?: string
  issued?: IssuedCookie[]
  /**
   * The shopper's address as the server read it (behind a CDN, from the proxies
   * TRUST_PROXY names): the platform counts failed tries per shopper by it.
   */
  clientAddress?: string
}

/** A cookie the platform gave the shopper's browser, to be kept HttpOnly and SameSite=Lax. */
export interface IssuedCookie {
  name: string
  value: string
  maxAgeSeconds: number
  secure: boolean
  /** Only to clear a cookie another host set for a parent domain (VTEX ID's); the storefront's own are host-only. */
  domain?: string
}

/** A product in a shopper's wishlist (req ENTITY-05): `id` is the list item id. */
/** A placed order as the guest-order page shows it. */
export interface PlacedOrder {
  orderNumber: string
  status: 'placed'
  placedAt: string
  items: CartItem[]
  total: number
}

export interface WishlistItem {
  id: string
  sku: string
  productId: string
}

/** A customer's address, as much of it as the session needs (req ID-06). */
export interface Address {
  /** `shipping`: an address the customer ships to that is not their residence. */
  addressType: 'residential' | 'commercial' | 'pickup' | 'shipping'
  /** ISO 3166-1 alpha-3, e.g. ITA. */
  country: string
  postalCode: string
}

/** Who saved an order form for every device (req SHARED-12, CALL-02): `customerId` only when it is the caller. */
export interface SavedCustomer {
  saved: boolean
  customerId: string | null
}

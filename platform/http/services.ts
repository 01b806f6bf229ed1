import type { ProductReader } from '../catalog/products'
import type { CatalogReference } from '../catalog/reference'
import type { CatalogSearch } from '../catalog/search'
import type { CatalogSuggest } from '../catalog/suggest'
import type { CustomerOrders } from '../cart/customer-orders'
import type { OrderFormService } from '../cart/service'
import type { Db } from '../db/types'
import type { PlatformCookieNames } from '../wire'
import type { AddressBook } from '../identity/addresses'
import type { Identity } from '../identity/customers'
import type { KnownDevices } from '../identity/known-devices'
import type { LookupAttempts } from '../identity/lookup-attempts'
import type { PersonalData } from '../identity/personal-data'
import type { SavedCarts } from '../identity/saved-carts'
import type { Throttle } from '../identity/throttle'
import type { Wishlists } from '../identity/wishlists'
import type { ProductImages } from '../images/product-images'
import type { ReadCache } from '../lib/read-cache'
import type { CatalogHook } from '../lib/catalog-hook'
import type { StoreService } from '../stores/service'

/**
 * Everything route handlers and screens use, built once per app by buildApp
 * (app.ts) and handed to each of them: no route builds a service of its own.
 */
export interface Services {
  db: Db
  reference: CatalogReference
  products: ProductReader
  search: CatalogSearch
  suggest: CatalogSuggest
  orderForms: OrderFormService
  identity: Identity
  /** The customer's saved cart, the one every device of theirs restores. */
  savedCarts: SavedCarts
  wishlists: Wishlists
  addressBook: AddressBook
  /** A customer's placed orders and their "Riordina". */
  customerOrders: CustomerOrders
  /** The copy and the erasure of everything held about a customer. */
  personalData: PersonalData
  /** Counters of failed logins, registrations and guest-order lookups (identity/throttle.ts). */
  throttle: Throttle
  /** Charges of guest-order lookups a storefront makes at another backend (identity/lookup-attempts.ts). */
  lookupAttempts: LookupAttempts
  knownDevices: KnownDevices
  stores: StoreService
  images: ProductImages
  /** Catalog reads and priced carts, kept until the catalog changes (see platform/lib/read-cache.ts). */
  readCache: ReadCache
  /** Base of absolute links and image URLs, without a trailing slash. */
  publicUrl: () => string
  /** The origins a login, registration or logout may send the browser back to: this platform's and the trusted ones (the storefront). */
  returnOrigins: () => string[]
  /** The storefront's origin (the first trusted origin), where the account page sends shoppers back to; '' when none is configured. */
  storefront: () => string
  /** Token the admin endpoint requires; null disables the endpoint. */
  adminToken: string | null
  /** The storefront's catalog rebuild hook, told of each admin price or stock change; null when not configured. */
  catalogHook: CatalogHook | null
  /** Whether cookies get the Secure flag (public URL is https). */
  secureCookies: boolean
  /** The cookies' names in this deployment: `__Host-` ones when secure (platformCookieNames in wire.ts). */
  cookies: PlatformCookieNames
}

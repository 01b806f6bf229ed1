import type { ProductReader } from '../catalog/products'
import type { CatalogReference } from '../catalog/reference'
import type { CatalogSearch } from '../catalog/search'
import type { CatalogSuggest } from '../catalog/suggest'
import type { OrderFormService } from '../cart/service'
import type { Db } from '../db/types'
import type { PlatformCookieNames } from '../wire'
import type { Identity } from '../identity/customers'
import type { ProductImages } from '../images/product-images'
import type { ReadCache } from '../lib/read-cache'
import type { CatalogHook } from '../lib/catalog-hook'

/** Everything route handlers use, built once per app. */
export interface Services {
  db: Db
  reference: CatalogReference
  products: ProductReader
  search: CatalogSearch
  suggest: CatalogSuggest
  orderForms: OrderFormService
  identity: Identity
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

/**
 * The wire schemas of the embedded commerce platform's JSON API.
 *
 * The platform is a vendor from the storefront's point of view: the storefront's
 * client (`src/commerce/embedded`) parses every response with these schemas and
 * maps it to the storefront's own domain types. The platform's server uses the
 * same schemas to parse request bodies, so both sides agree by construction.
 *
 * Money is EUR as a number with at most 2 decimals. Ids are strings.
 * Every error answer is `{ error: { code, message } }` with a 4xx or 5xx status.
 */
import { z } from 'zod/v4'

/** The login session's cookie, under its plain name (see platformCookieNames). */
export const PLATFORM_SESSION_COOKIE = 'pf_session'
/**
 * The guest-cart key: a random secret the platform issues with a guest's first
 * order form (Set-Cookie on `POST /api/orderforms`). A guest order form answers
 * only to requests carrying the key it was created with; any other request gets
 * the 404 of an unknown id. Sent like the session cookie. Plain name.
 */
export const PLATFORM_CART_COOKIE = 'pf_cart'

/** The platform's cookies as one deployment names them. */
export interface PlatformCookieNames {
  session: string
  cart: string
  /** The secret behind the forms' CSRF tokens. */
  csrf: string
  /** The known-device token a login leaves on the browser. */
  device: string
}

/**
 * The one rule naming the platform's cookies, which the platform and the
 * storefront's Functions both follow. Where browsers reach the platform over
 * https (its public URL), every name takes the `__Host-` prefix: a browser
 * keeps such a cookie only when it is Secure, for Path=/ and without Domain,
 * so neither a subdomain nor a plain-http service of the host can set or
 * overwrite it, and the plain names those could plant are never read. Over
 * plain http (loopback during development) browsers refuse Secure cookies, so
 * the names stay plain.
 */
export function platformCookieNames(secure: boolean): PlatformCookieNames {
  const prefix = secure ? '__Host-' : ''
  return {
    session: `${prefix}${PLATFORM_SESSION_COOKIE}`,
    cart: `${prefix}${PLATFORM_CART_COOKIE}`,
    csrf: `${prefix}pf_csrf`,
    device: `${prefix}pf_device`,
  }
}

/** Whether a deployment whose platform browsers reach at `publicUrl` names its cookies `__Host-`. */
export const securesCookies = (publicUrl: string): boolean => /^https:/i.test(publicUrl)

/** Error body shared by every non-2xx answer. */
export const ApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
})
export type ApiError = z.infer<typeof ApiError>

export const Category = z.object({
  id: z.string(),
  /** Full path without leading slash: "cane", "cane/cibo-secco". */
  slug: z.string(),
  name: z.string(),
  level: z.number().int().min(1).max(4),
  parentId: z.string().nullable(),
  position: z.number().int(),
})
export type Category = z.infer<typeof Category>

export const Brand = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  privateLabel: z.boolean(),
})
export type Brand = z.infer<typeof Brand>

export const Image = z.object({
  /** Absolute URL of the platform image endpoint; append `?w=<px>` for a width. */
  url: z.string(),
  alternateName: z.string(),
})
export type Image = z.infer<typeof Image>

export const Variant = z.object({
  sku: z.string(),
  /** Human label of the variant, e.g. "2 kg", "12 x 400 g". */
  name: z.string(),
  gtin: z.string(),
  price: z.number().nonnegative(),
  listPrice: z.number().nonnegative(),
  /** 0 when the variant is out of stock (req CART-22: out of stock when lowPrice <= 0). */
  lowPrice: z.number().nonnegative(),
  /** Units per sale (e.g. a 6-pack sold as 1 shows 6). 1 when not relevant. */
  unitMultiplier: z.number().positive(),
  /** Most units one order line may hold. */
  maxQuantity: z.number().int().positive(),
  images: z.array(Image),
})
export type Variant = z.infer<typeof Variant>

export const PriceTier = z.object({
  minQuantity: z.number().int().positive(),
  /** Unit price from that quantity on. */
  value: z.number().nonnegative(),
})
export type PriceTier = z.infer<typeof PriceTier>

export const Property = z.object({ name: z.string(), value: z.string() })
export type Property = z.infer<typeof Property>

export const Product = z.object({
  /** productGroupID */
  id: z.string(),
  /** Product page is /{slug}/p */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  brand: Brand,
  /** Deepest category; breadcrumbs walk up from here. */
  categoryId: z.string(),
  /** Category path from level 1 to the product's category. */
  categoryPath: z.array(z.object({ name: z.string(), slug: z.string() })),
  variants: z.array(Variant).min(1),
  properties: z.array(Property),
  priceTiers: z.array(PriceTier),
  /** Extra 5% reduction on tier prices (req PRODUCT-04). */
  tierExtraDiscount: z.boolean(),
  /** Minimum units per order line. */
  minQuantity: z.number().int().positive(),
  fastPicking: z.boolean(),
  isKit: z.boolean(),
  subscription: z.object({ frequencies: z.array(z.string()) }).nullable(),
  releaseDate: z.string(),
})
export type Product = z.infer<typeof Product>

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().nonnegative(),
    pageSize: z.number().int().positive(),
  })

export const ProductPage = Page(Product)
export type ProductPage = z.infer<typeof ProductPage>

/** The listed products holding some skus, in no set order (GET /api/catalog/skus?sku=…). */
export const ProductList = z.object({ items: z.array(Product) })
export type ProductList = z.infer<typeof ProductList>

export const SearchSort = z.enum([
  'score_desc',
  'price_asc',
  'price_desc',
  'name_asc',
  'name_desc',
  'discount_desc',
  'release_desc',
])
export type SearchSort = z.infer<typeof SearchSort>

export const FacetValue = z.object({
  value: z.string(),
  label: z.string(),
  quantity: z.number().int().nonnegative(),
  selected: z.boolean(),
})
export const Facet = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(FacetValue),
})
export type Facet = z.infer<typeof Facet>

export const SearchResult = z.object({
  products: z.array(Product),
  total: z.number().int().nonnegative(),
  page: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  facets: z.array(Facet),
  /** Present when the term as typed found nothing and these are the results of its typo-corrected form. */
  correction: z.object({ term: z.string() }).optional(),
})
export type SearchResult = z.infer<typeof SearchResult>

/** `GET /api/catalog/suggestions?q=`: completions of what was typed and the best-matching products. */
export const Suggestions = z.object({
  terms: z.array(z.object({ value: z.string(), count: z.number().int().nonnegative() })),
  products: z.array(Product),
})
export type Suggestions = z.infer<typeof Suggestions>

/** Attachment on a cart line, e.g. the subscription with a frequency. */
export const Attachment = z.object({
  name: z.string().min(1).max(100),
  value: z.string().max(200),
})
export type Attachment = z.infer<typeof Attachment>

/** Identifies one order-form line: the same sku with other attachments is another line. */
export const LineSelector = z.object({
  sku: z.string().min(1).max(64),
  seller: z.string().min(1).max(64).default('1'),
  attachments: z.array(Attachment).max(10).default([]),
})
export type LineSelector = z.infer<typeof LineSelector>

export const AddItemBody = LineSelector.extend({
  quantity: z.number().int().min(1),
})
export type AddItemBody = z.infer<typeof AddItemBody>

export const UpdateItemBody = LineSelector.extend({
  quantity: z.number().int().min(1),
})
export type UpdateItemBody = z.infer<typeof UpdateItemBody>

export const RemoveItemBody = LineSelector
export type RemoveItemBody = z.infer<typeof RemoveItemBody>

export const ReplaceItemsBody = z.object({
  items: z.array(AddItemBody).max(200),
})
export type ReplaceItemsBody = z.infer<typeof ReplaceItemsBody>

/** The lines to set, each to its quantity (0 takes it away); the lines not named stay as they are. */
export const SetItemsBody = z.object({
  items: z.array(LineSelector.extend({ quantity: z.number().int().min(0) })).max(200),
})
export type SetItemsBody = z.infer<typeof SetItemsBody>

export const OrderFormItem = z.object({
  /** Position in the order form, 0-based, gifts included. */
  index: z.number().int().nonnegative(),
  sku: z.string(),
  seller: z.string(),
  quantity: z.number().int().positive(),
  /** Unit selling price (tier pricing applied); 0 for gifts. */
  price: z.number().nonnegative(),
  listPrice: z.number().nonnegative(),
  isGift: z.boolean(),
  attachments: z.array(Attachment),
  productId: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  variantName: z.string(),
  gtin: z.string(),
  brand: z.string(),
  image: Image,
  isKit: z.boolean(),
  unitMultiplier: z.number().positive(),
  maxQuantity: z.number().int().positive(),
  /** Every variant of the product with its lowPrice: 0 means out of stock. */
  variants: z.array(z.object({ sku: z.string(), lowPrice: z.number().nonnegative() })),
  categoryPath: z.array(z.object({ name: z.string(), slug: z.string() })),
})
export type OrderFormItem = z.infer<typeof OrderFormItem>

export const OrderFormMessage = z.object({
  code: z.string(),
  text: z.string(),
  status: z.enum(['info', 'warning', 'error']),
})
export type OrderFormMessage = z.infer<typeof OrderFormMessage>

export const OrderFormTotals = z.object({
  /** Σ price × quantity */
  total: z.number().nonnegative(),
  /** Σ listPrice × quantity */
  subTotal: z.number().nonnegative(),
  /** Σ quantity of non-gift lines */
  totalItems: z.number().int().nonnegative(),
  /** Number of distinct non-gift lines */
  totalUniqueItems: z.number().int().nonnegative(),
})

export const OrderForm = z.object({
  id: z.string(),
  status: z.enum(['open', 'placed']),
  /** The order's number (PF-…) once placed, null while it is a cart: what a storefront names when it starts the shopper's next cart. */
  orderNumber: z.string().nullable(),
  /** Owner when a logged-in customer created or claimed it; null for a guest cart. */
  customerId: z.string().nullable(),
  items: z.array(OrderFormItem),
  messages: z.array(OrderFormMessage),
  totals: OrderFormTotals,
  updatedAt: z.string(),
})
export type OrderForm = z.infer<typeof OrderForm>

export const Person = z.object({
  id: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
})
export type Person = z.infer<typeof Person>

export const SessionAnswer = z.object({ person: Person.nullable() })
export type SessionAnswer = z.infer<typeof SessionAnswer>

export const LoginBody = z.object({
  email: z.string().email().max(254),
  password: z.string().min(1).max(200),
})
export type LoginBody = z.infer<typeof LoginBody>

/** `POST /api/orders/lookup`: a placed order by its number and the email it was placed with (the guest-order page). */
export const OrderLookupBody = z.object({
  orderNumber: z.string().trim().min(1).max(40),
  email: z.string().trim().email().max(254),
})
export type OrderLookupBody = z.infer<typeof OrderLookupBody>

/**
 * `POST /api/orders/lookup-attempts`: one guest-order lookup made at another backend, charged to the client before
 * it is made (platform/identity/lookup-attempts.ts); `DELETE /api/orders/lookup-attempts/{receipt}` takes it back.
 */
export const LookupAttemptAnswer = z.object({ receipt: z.string().regex(/^[0-9a-f]{32}$/) })
export type LookupAttemptAnswer = z.infer<typeof LookupAttemptAnswer>
export const LookupTakenBackAnswer = z.object({ takenBack: z.boolean() })
export type LookupTakenBackAnswer = z.infer<typeof LookupTakenBackAnswer>

export const PlacedOrder = z.object({
  orderNumber: z.string(),
  status: z.literal('placed'),
  placedAt: z.string(),
  items: z.array(OrderFormItem),
  totals: OrderFormTotals,
})
export type PlacedOrder = z.infer<typeof PlacedOrder>

/** `GET /api/health` */
export const HealthAnswer = z.object({ ok: z.literal(true) })
export type HealthAnswer = z.infer<typeof HealthAnswer>

/** `GET /api/catalog/categories` */
export const CategoryList = z.object({ items: z.array(Category) })
export type CategoryList = z.infer<typeof CategoryList>

/**
 * `GET /api/catalog/revision`: changes whenever anything the product, category and brand lists answer changes,
 * so a build that sourced the catalog at this revision may keep what it read.
 */
export const CatalogRevision = z.object({ revision: z.string().min(1).max(100) })
export type CatalogRevision = z.infer<typeof CatalogRevision>

/** `GET /api/catalog/brands` */
export const BrandList = z.object({ items: z.array(Brand) })
export type BrandList = z.infer<typeof BrandList>

/** `GET /api/catalog/skus/:sku/loyalty`: loyalty points multiplier of a SKU (spec: 'sku-multiplier'). */
export const LoyaltyAnswer = z.object({
  sku: z.string(),
  multiplier: z.number().int().positive(),
})
export type LoyaltyAnswer = z.infer<typeof LoyaltyAnswer>

/** `GET /api/session/profile`: loyalty-card data and vet flag of the logged-in customer. */
export const ProfileAnswer = z.object({
  bkId: z.string(),
  arcacard: z.string(),
  profilingConsent: z.boolean(),
  isVet: z.boolean(),
})
export type ProfileAnswer = z.infer<typeof ProfileAnswer>

/** Euros with at most two decimals. */
const Money = z
  .number()
  .nonnegative()
  .max(1_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'must have at most 2 decimals' })

/** `PATCH /api/admin/skus/:sku` (header x-admin-token). lowPrice 0 marks the SKU out of stock. */
export const AdminSkuPatchBody = z
  .strictObject({ lowPrice: Money.optional(), price: Money.optional(), listPrice: Money.optional() })
  .refine((b) => b.lowPrice !== undefined || b.price !== undefined || b.listPrice !== undefined, {
    error: 'give at least one of lowPrice, price, listPrice',
    // A price that failed its own check is left out of the value, which would then look as if none was given.
    when: (payload) => payload.issues.length === 0,
  })
export type AdminSkuPatchBody = z.infer<typeof AdminSkuPatchBody>

/** Answer of the admin SKU patch: the SKU's prices after the change. */
export const AdminSkuAnswer = z.object({
  sku: z.string(),
  price: z.number().nonnegative(),
  listPrice: z.number().nonnegative(),
  lowPrice: z.number().nonnegative(),
})
export type AdminSkuAnswer = z.infer<typeof AdminSkuAnswer>

/**
 * `GET /api/admin/orders/:orderNumber` (header x-admin-token): a placed order as the shop keeps it, with
 * whom it belongs to; an erased customer's order keeps its lines and totals with `customerId` and
 * `contactEmail` null and `anonymisedAt` set (req GDPR-02).
 */
export const AdminOrderAnswer = z.object({
  orderNumber: z.string(),
  placedAt: z.string(),
  customerId: z.string().nullable(),
  contactEmail: z.string().nullable(),
  anonymisedAt: z.string().nullable(),
  items: z.array(z.object({ sku: z.string(), quantity: z.number().int(), price: z.number() })),
  total: z.number(),
})
export type AdminOrderAnswer = z.infer<typeof AdminOrderAnswer>

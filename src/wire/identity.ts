/**
 * The identity Functions (req CALL-02, CALL-03, CALL-04, CALL-05, CALL-09, CALL-11): the shared cart, the wishlist and the
 * loyalty-card data. Every one names its shopper only to have it checked
 * against the cookie's person (src/handlers/identity.ts): the name never chooses
 * whose data is read or changed.
 */
import { z } from './zod'
import { Cart, CartItem } from './answers'
import { OrderFormId, Sku } from './inputs'

const UserId = z.string().check(z.minLength(1, 'userId must not be empty'), z.maxLength(100))
const ShopperId = z.string().check(z.minLength(3, 'shopperId must be an email'), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+$/, 'shopperId must be an email'))
const ItemId = z.string().check(z.minLength(1, 'itemId must not be empty'), z.maxLength(100))

/** POST /api/sharedCart/getSharedCustomer */
export const SharedCustomerBody = z.object({ orderFormId: OrderFormId })
/** `null` when nobody saved the cart; `userId` is the caller's own id, or null when the cart is someone else's. */
export const SharedCustomerAnswer = z.object({
  data: z.object({ getSavedCustomer: z.nullable(z.object({ userId: z.nullable(z.string()) })) }),
})

/** POST /api/sharedCart/getSharedCart */
export const SharedCartBody = z.object({ userId: UserId, nullOnEmpty: z._default(z.boolean(), false) })
export const SharedCartAnswer = z.object({ data: z.object({ getSavedCart: z.nullable(Cart) }) })

/** POST /api/sharedCart/saveSharedCart */
export const SaveSharedCartBody = z.object({ userId: UserId, orderFormId: OrderFormId })
export const SaveSharedCartAnswer = z.object({ data: z.object({ saveCart: Cart }) })

/** POST /api/sharedCart/mergeSharedCart: `savedCart` and `currentCart` are orderFormIds. */
export const MergeSharedCartBody = z.object({ savedCart: OrderFormId, currentCart: OrderFormId, strategy: z.literal('COMBINE') })
export const MergeSharedCartAnswer = z.object({ data: z.object({ replaceCart: Cart }) })

/** GET /api/userAccount/getBkid */
export const BkidAnswer = z.object({ bkid: z.nullable(z.string()), arcacard: z.nullable(z.string()), profilingConsent: z.nullable(z.boolean()) })

export const WishlistItem = z.object({ id: z.string(), sku: z.string(), productId: z.string() })
/** GET /api/wishlist/getWishlist?shopperId= */
export const WishlistQuery = z.object({ shopperId: ShopperId })
export const WishlistAnswer = z.object({ data: z.object({ viewLists: z.array(z.object({ data: z.array(WishlistItem) })) }) })
/** POST /api/wishlist/addProduct */
export const AddToWishlistBody = z.object({
  shopperId: ShopperId,
  listItem: z.object({ sku: Sku, productId: z.optional(z.string().check(z.maxLength(100))) }),
})
export const AddToWishlistAnswer = z.object({ data: z.object({ addToList: z.string() }) })
/** DELETE /api/wishlist/removeProduct */
export const RemoveFromWishlistBody = z.object({ shopperId: ShopperId, itemId: ItemId })
export const RemoveFromWishlistAnswer = z.object({ data: z.object({ removeFromList: z.boolean() }) })

/** POST /api/order/getGuestOrder: a placed order by its number and the email it was placed with. */
export const GuestOrderBody = z.object({
  orderNumber: z.string().check(z.trim(), z.minLength(1, 'orderNumber is required'), z.maxLength(40), z.regex(/^[A-Za-z0-9-]+$/, 'orderNumber has invalid characters')),
  email: z.string().check(z.trim(), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'email is not a valid email')),
})
export const GuestOrderAnswer = z.object({
  orderNumber: z.string(),
  status: z.literal('placed'),
  placedAt: z.string(),
  items: z.array(CartItem),
  total: z.number(),
})

export const identityRoutes = {
  'sharedCart/getSharedCustomer': { method: 'POST', body: SharedCustomerBody, answer: SharedCustomerAnswer },
  'sharedCart/getSharedCart': { method: 'POST', body: SharedCartBody, answer: SharedCartAnswer },
  'sharedCart/saveSharedCart': { method: 'POST', body: SaveSharedCartBody, answer: SaveSharedCartAnswer },
  'sharedCart/mergeSharedCart': { method: 'POST', body: MergeSharedCartBody, answer: MergeSharedCartAnswer },
  'userAccount/getBkid': { method: 'GET', answer: BkidAnswer },
  'wishlist/getWishlist': { method: 'GET', query: WishlistQuery, answer: WishlistAnswer },
  'wishlist/addProduct': { method: 'POST', body: AddToWishlistBody, answer: AddToWishlistAnswer },
  'wishlist/removeProduct': { method: 'DELETE', body: RemoveFromWishlistBody, answer: RemoveFromWishlistAnswer },
  'order/getGuestOrder': { method: 'POST', body: GuestOrderBody, answer: GuestOrderAnswer },
} as const

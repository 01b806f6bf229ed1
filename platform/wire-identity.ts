/**
 * The wire schemas of the platform's identity endpoints: saved (shared) carts,
 * wishlists and the customer's addresses. Beside
 * wire.ts, which holds the catalog, order-form and session schemas.
 */
import { z } from 'zod/v4'
import { OrderForm } from './wire'

/** `GET /api/saved-carts/owner?orderFormId=`: whether a customer saved (or owns) this order form; their id only when it is the viewer. */
export const SavedCartOwnerAnswer = z.object({ saved: z.boolean(), customerId: z.string().nullable() })
export type SavedCartOwnerAnswer = z.infer<typeof SavedCartOwnerAnswer>

/** `GET /api/saved-carts/mine?nullOnEmpty=`: the viewer's saved cart, or null. */
export const SavedCartAnswer = z.object({ orderForm: OrderForm.nullable() })
export type SavedCartAnswer = z.infer<typeof SavedCartAnswer>

/** `PUT /api/saved-carts/mine`: saves this order form as the viewer's cart on every device. */
export const SaveCartBody = z.object({ orderFormId: z.string().min(1).max(100) })
/** `POST /api/saved-carts/mine/merge`: combines `currentOrderFormId` into the viewer's saved cart `savedOrderFormId`. */
export const MergeCartBody = z.object({
  savedOrderFormId: z.string().min(1).max(100),
  currentOrderFormId: z.string().min(1).max(100),
  strategy: z.literal('COMBINE'),
})

export const WishlistItem = z.object({ id: z.string(), sku: z.string(), productId: z.string() })
export type WishlistItem = z.infer<typeof WishlistItem>
/** `GET /api/wishlist` */
export const WishlistAnswer = z.object({ items: z.array(WishlistItem) })
/** `POST /api/wishlist` */
export const WishlistAddBody = z.object({ sku: z.string().min(1).max(50) })
export const WishlistAddAnswer = z.object({ id: z.string() })
/** `DELETE /api/wishlist/:itemId` */
export const WishlistRemoveAnswer = z.object({ removed: z.boolean() })

export const Address = z.object({
  addressType: z.enum(['residential', 'commercial', 'pickup', 'shipping']),
  country: z.string(),
  postalCode: z.string(),
})
export type Address = z.infer<typeof Address>
/** `GET /api/session/addresses` */
export const AddressesAnswer = z.object({ addresses: z.array(Address) })

/**
 * Input schemas of the Functions (spec §7). Each Function parses its query or
 * body with one of these before anything reaches the commerce platform.
 */
import { z } from 'zod'

export const OrderFormId = z
  .string({ required_error: 'orderFormId is required', invalid_type_error: 'orderFormId must be a string' })
  .min(1, 'orderFormId must not be empty')
  .max(64, 'orderFormId is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'orderFormId may hold only letters, digits and hyphens')

export const Sku = z.string().min(1, 'sku must not be empty').max(64).regex(/^[A-Za-z0-9._-]+$/, 'sku has invalid characters')
const Seller = z.object({ identifier: z.string().min(1).max(64) })

export const AdditionalPropertyInput = z.object({
  propertyID: z.string().max(100).optional(),
  name: z.string().min(1).max(100),
  value: z.union([z.string().max(200), z.number()]).transform(String),
  valueReference: z.string().max(50),
})

const Quantity = z.number({ invalid_type_error: 'quantity must be a number' }).int('quantity must be a whole number')

const NewItem = z.object({
  quantity: Quantity.min(1, 'quantity must be at least 1').optional(),
  seller: Seller.optional(),
  itemOffered: z.object({
    sku: Sku,
    additionalProperty: z.array(AdditionalPropertyInput).max(10).default([]),
  }),
})

export const CartInfoQuery = z.object({ orderFormId: OrderFormId })

/** addCartItem may start a cart: an empty orderFormId creates a new order form. */
export const AddCartItemBody = z.object({
  orderFormId: z.union([z.literal(''), OrderFormId]).default(''),
  newItem: NewItem,
})

export const UpdateCartItemBody = z.object({
  orderFormId: OrderFormId,
  newItem: NewItem.extend({ quantity: Quantity.min(1, 'quantity must be at least 1') }),
})

export const RemoveCartItemBody = z.object({
  orderFormId: OrderFormId,
  newItem: NewItem.omit({ quantity: true }),
})

/** GET /api/product/getLoyaltyMultiplier/{sku} */
export const LoyaltyMultiplierParams = z.object({ sku: Sku })

/** POST /api/userAccount/getIsVet: the cart the question is asked from; the person comes from the cookie. */
export const IsVetBody = z.object({ orderFormId: z.union([z.literal(''), OrderFormId]).default('') })

/** One line of ValidateCartMutation's acceptedOffer (spec §7). */
export const OfferInput = z.object({
  price: z.number().nonnegative(),
  listPrice: z.number().nonnegative(),
  quantity: Quantity.min(1, 'quantity must be at least 1'),
  seller: Seller,
  isGift: z.boolean().optional(),
  itemOffered: z.object({
    sku: Sku,
    name: z.string().max(300).optional(),
    image: z.array(z.object({ url: z.string(), alternateName: z.string() })).optional(),
    additionalProperty: z.array(AdditionalPropertyInput).max(10).default([]),
  }),
})
export type OfferInput = z.infer<typeof OfferInput>

export const ValidateCartVariables = z.object({
  cart: z.object({
    order: z.object({
      orderNumber: z.union([z.literal(''), OrderFormId]),
      acceptedOffer: z.array(OfferInput).max(200, 'a cart holds at most 200 lines'),
    }),
  }),
  session: z.unknown().optional(),
  shouldSplitItem: z.boolean().nullish(),
})
export type ValidateCartVariables = z.infer<typeof ValidateCartVariables>

const PersonInput = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
})

export const SessionInput = z.object({
  locale: z.string().max(20),
  currency: z.object({ code: z.string().max(5), symbol: z.string().max(5) }),
  country: z.string().max(5),
  channel: z.string().max(500).nullable(),
  deliveryMode: z.unknown().nullable().default(null),
  addressType: z.string().nullable().default(null),
  postalCode: z.string().max(20).nullable(),
  geoCoordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable().default(null),
  person: PersonInput.nullable(),
})
export type SessionInput = z.infer<typeof SessionInput>

export const ValidateSessionVariables = z.object({
  session: SessionInput,
  search: z.string().max(2000).default(''),
})

/** Turns a zod failure into one sentence naming the field, e.g. "newItem.itemOffered.sku: Required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

/**
 * What each Function takes (req CALL-01, INPUT-01): its query, body or path parameters.
 * The Functions parse every request with these before anything reaches the
 * commerce platform; the browser's client takes its argument types from them,
 * so a call the Functions would refuse does not compile.
 *
 * Written with `zod/v4/mini`, whose functions tree-shake, because the browser
 * bundles this folder.
 */
import { z } from './zod'
import { MAX_TERM_LENGTH, SEARCH_SORTS } from '../domain/search/state'

/** A message for a value that is missing and another for one of the wrong type. */
const expecting = (required: string, wrongType: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? required : wrongType),
})

export const OrderFormId = z.string(expecting('orderFormId is required', 'orderFormId must be a string')).check(
  z.minLength(1, 'orderFormId must not be empty'),
  z.maxLength(64, 'orderFormId is too long'),
  z.regex(/^[A-Za-z0-9-]+$/, 'orderFormId may hold only letters, digits and hyphens'),
)

/** An orderFormId, or '' for a cart that has none yet. */
const OrderFormIdOrNone = z.union([z.literal(''), OrderFormId])

export const Sku = z.string().check(z.minLength(1, 'sku must not be empty'), z.maxLength(64), z.regex(/^[A-Za-z0-9._-]+$/, 'sku has invalid characters'))
const Seller = z.object({ identifier: z.string().check(z.minLength(1), z.maxLength(64)) })

export const AdditionalPropertyInput = z.object({
  propertyID: z.optional(z.string().check(z.maxLength(100))),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  value: z.pipe(
    z.union([z.string().check(z.maxLength(200)), z.number()]),
    z.transform((value) => String(value)),
  ),
  valueReference: z.string().check(z.maxLength(50)),
})

const AtLeastOne = z.number(expecting('quantity is required', 'quantity must be a number')).check(
  z.int('quantity must be a whole number'),
  z.gte(1, 'quantity must be at least 1'),
)

const Attachments = z._default(z.array(AdditionalPropertyInput).check(z.maxLength(10)), [])

const NewItem = z.object({
  quantity: z.optional(AtLeastOne),
  seller: z.optional(Seller),
  itemOffered: z.object({ sku: Sku, additionalProperty: Attachments }),
})

/** GET /api/checkout/getCartInformation */
export const CartInfoQuery = z.object({ orderFormId: OrderFormId })

/** POST /api/checkout/addCartItem; it may start a cart: an empty orderFormId creates a new order form. */
export const AddCartItemBody = z.object({
  orderFormId: z._default(OrderFormIdOrNone, ''),
  newItem: NewItem,
})

/** POST /api/checkout/updateCartItem */
export const UpdateCartItemBody = z.object({
  orderFormId: OrderFormId,
  newItem: z.extend(NewItem, { quantity: AtLeastOne }),
})

/** POST /api/checkout/removeCartItem */
export const RemoveCartItemBody = z.object({
  orderFormId: OrderFormId,
  newItem: z.omit(NewItem, { quantity: true }),
})

/**
 * POST /api/cart/add: the product page's add-to-cart form, posted without
 * JavaScript, so every field arrives as text. `frequency` is empty for a
 * one-off purchase, the subscription's frequency otherwise; `from` is the
 * product page to go back to when the add fails.
 */
export const AddToCartForm = z.object({
  skuId: z.string(expecting('skuId is required', 'skuId must be text')).check(
    z.minLength(1, 'skuId must not be empty'),
    z.maxLength(64, 'skuId is too long'),
    z.regex(/^[A-Za-z0-9._-]+$/, 'skuId has invalid characters'),
  ),
  quantity: z.pipe(
    z.string(expecting('quantity is required', 'quantity must be text')).check(z.regex(/^[1-9][0-9]{0,3}$/, 'quantity must be a whole number from 1 to 9999')),
    z.transform(Number),
  ),
  frequency: z._default(z.string('frequency must be text').check(z.maxLength(50, 'frequency is too long')), ''),
  from: z.string(expecting('from is required', 'from must be text')).check(z.maxLength(300, 'from is too long')),
})

/** GET /api/product/getLoyaltyMultiplier/{sku} */
export const LoyaltyMultiplierParams = z.object({ sku: Sku })

/** POST /api/userAccount/getIsVet: the cart the question is asked from; the person comes from the cookie. */
export const IsVetBody = z.object({ orderFormId: z._default(OrderFormIdOrNone, '') })

/** One line of ValidateCartMutation's acceptedOffer (req CALL-12). */
export const OfferInput = z.object({
  price: z.number().check(z.gte(0)),
  listPrice: z.number().check(z.gte(0)),
  quantity: AtLeastOne,
  seller: Seller,
  isGift: z.optional(z.boolean()),
  itemOffered: z.object({
    sku: Sku,
    name: z.optional(z.string().check(z.maxLength(300))),
    image: z.optional(z.array(z.object({ url: z.string(), alternateName: z.string() }))),
    additionalProperty: Attachments,
  }),
})
export type OfferInput = z.output<typeof OfferInput>

/** One paid line of ValidateCartMutation's agreedOffer: what the cart held when it last agreed with the platform. */
export const AgreedOfferInput = z.object({
  quantity: AtLeastOne,
  seller: Seller,
  itemOffered: z.object({ sku: Sku, additionalProperty: Attachments }),
})
export type AgreedOfferInput = z.output<typeof AgreedOfferInput>

export const ValidateCartVariables = z.object({
  cart: z.object({
    order: z.object({
      orderNumber: OrderFormIdOrNone,
      acceptedOffer: z.array(OfferInput).check(z.maxLength(200, 'a cart holds at most 200 lines')),
      /**
       * The paid lines of order form `orderNumber` when this cart last agreed with the platform, sent by a browser
       * that knows them: validation then makes only the browser's changes since, and keeps what changed elsewhere.
       */
      agreedOffer: z.optional(z.array(AgreedOfferInput).check(z.maxLength(200, 'a cart holds at most 200 lines'))),
    }),
  }),
  session: z.optional(z.unknown()),
  shouldSplitItem: z.nullish(z.boolean()),
})
export type ValidateCartVariables = z.output<typeof ValidateCartVariables>

/**
 * POST /api/graphql: the operation's name (it must match the query string's)
 * and its variables, checked by the operation. The name is text: anything
 * else (an object with its own `toString`, say) is refused here, before the
 * Function writes it into a message.
 */
export const GraphQLBody = z.object({
  operationName: z.optional(z.string('operationName in the body must be a string').check(z.maxLength(100, 'operationName in the body is too long'))),
  variables: z.optional(z.unknown()),
})

export const PersonInput = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  /** Loyalty-card data (req ID-06), filled by ValidateSession from the cookie's customer. */
  bk_id: z._default(z.nullable(z.string()), null),
  arcacard: z._default(z.nullable(z.string()), null),
  profilingConsent: z._default(z.nullable(z.boolean()), null),
})

export const SessionInput = z.object({
  locale: z.string().check(z.maxLength(20)),
  currency: z.object({ code: z.string().check(z.maxLength(5)), symbol: z.string().check(z.maxLength(5)) }),
  country: z.string().check(z.maxLength(5)),
  channel: z.nullable(z.string().check(z.maxLength(500))),
  deliveryMode: z._default(z.nullable(z.unknown()), null),
  addressType: z._default(z.nullable(z.string()), null),
  postalCode: z.nullable(z.string().check(z.maxLength(20))),
  geoCoordinates: z._default(z.nullable(z.object({ latitude: z.number(), longitude: z.number() })), null),
  person: z.nullable(PersonInput),
})
export type SessionInput = z.output<typeof SessionInput>

export const ValidateSessionVariables = z.object({
  session: SessionInput,
  search: z._default(z.string().check(z.maxLength(2000)), ''),
})

const Value = z.string().check(z.maxLength(MAX_TERM_LENGTH, `values are at most ${MAX_TERM_LENGTH} characters`))

/**
 * GET /api/search/results: the page's own search state as its query string,
 * so the browser asks for exactly what its URL says.
 */
export const SearchResultsQuery = z.catchall(
  z.object({
    q: z.optional(Value),
    sort: z.optional(z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` })),
    page: z.optional(
      z.coerce.number().check(z.int('page must be a whole number'), z.gte(0, 'page is zero-based'), z.lte(10_000)),
    ),
    facets: z.optional(z.string().check(z.maxLength(500))),
  }),
  z.union([Value, z.array(Value).check(z.maxLength(30, 'at most 30 values per facet'))], { error: 'facet values must be text' }),
)
export type SearchResultsQuery = z.output<typeof SearchResultsQuery>

/** GET /api/search/suggestions */
export const SuggestionsQuery = z.object({
  q: z.string(expecting('q is required', 'q must be text')).check(
    z.trim(),
    z.minLength(1, 'q must not be empty'),
    z.maxLength(MAX_TERM_LENGTH, `q is at most ${MAX_TERM_LENGTH} characters`),
  ),
})

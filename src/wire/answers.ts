/**
 * What each Function answers. The browser parses every answer with these; the
 * Functions' handlers must return what they accept (see `routes.ts`). Each
 * schema mirrors a domain type of src/domain, and the checks at the end of
 * this file fail to compile when the two drift apart.
 */
import { z } from './zod'
import type * as Domain from '../domain/types'
import type { SearchResults as DomainSearchResults } from '../domain/search/query'
import { MULTIPLIER } from '../domain/loyalty'
import { PersonInput, SessionInput } from './inputs'

const Image = z.object({ url: z.string(), alternateName: z.string() })
const BreadcrumbItem = z.object({ name: z.string(), item: z.string(), position: z.number() })
const Offer = z.object({ price: z.number(), listPrice: z.number(), lowPrice: z.number() })

export const AdditionalProperty = z.object({
  propertyID: z.optional(z.string()),
  name: z.string(),
  value: z.string(),
  valueReference: z.string(),
})

export const CartItem = z.object({
  id: z.string().check(z.minLength(1)),
  index: z.number(),
  quantity: z.number(),
  price: z.number(),
  listPrice: z.number(),
  isKit: z.boolean(),
  isGift: z.boolean(),
  seller: z.object({ identifier: z.string() }),
  itemOffered: z.object({
    sku: z.string().check(z.minLength(1)),
    name: z.string(),
    gtin: z.string(),
    slug: z.string(),
    image: z.array(Image),
    brand: z.object({ name: z.string() }),
    breadcrumbList: z.array(BreadcrumbItem),
    stockKeepingUnit: z.object({ isKit: z.boolean() }),
    isVariantOf: z.object({
      name: z.string(),
      productGroupID: z.string(),
      hasVariant: z.array(z.object({ sku: z.string(), offers: z.object({ lowPrice: z.number() }) })),
    }),
    additionalProperty: z.array(AdditionalProperty),
    productSpecifications: z.object({ unitMultiplier: z.number(), maxQuantity: z.number() }),
  }),
})

export const CartMessage = z.object({ text: z.string(), status: z.enum(['info', 'warning', 'error']) })

export const Cart = z.object({
  id: z.string(),
  items: z.array(CartItem),
  messages: z.array(CartMessage),
  shouldSplitItem: z.boolean(),
})

const Brand = z.object({ id: z.string(), slug: z.string(), name: z.string(), privateLabel: z.boolean() })

export const ProductSummary = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: Brand,
  fastPicking: z.boolean(),
  hasVariant: z.array(z.object({ sku: z.string(), name: z.string(), offers: Offer, image: z.array(Image) })),
})

const FacetValue = z.object({ value: z.string(), label: z.string(), quantity: z.number(), selected: z.boolean() })
const Facet = z.object({ key: z.string(), label: z.string(), values: z.array(FacetValue) })

export const SearchResults = z.object({
  products: z.array(ProductSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  facets: z.array(Facet),
  selected: z.array(z.object({ key: z.string(), value: z.string(), label: z.string() })),
  correction: z.optional(z.object({ term: z.string() })),
  facetsUnavailable: z.optional(z.literal(true)),
  alternatives: z.optional(z.array(z.string())),
})

export const Suggestions = z.object({
  terms: z.array(z.object({ value: z.string(), count: z.number() })),
  products: z.array(ProductSummary),
})

/** The loyalty multiplier as a string: 'sku-{n}' (req LOYALTY-03). */
export const LoyaltyMultiplier = z.string().check(z.regex(MULTIPLIER))

export const IsVet = z.object({ isVet: z.boolean() })

/** ValidateCartMutation: null when the browser's cart is already the platform's. */
export const ValidateCartData = z.object({
  validateCart: z.nullable(
    z.object({
      order: z.object({ orderNumber: z.string(), acceptedOffer: z.array(CartItem), shouldSplitItem: z.optional(z.boolean()) }),
      messages: z.array(CartMessage),
    }),
  ),
})

/** ValidateSession: the session the browser sent, with the person the platform's cookie belongs to. */
export const ValidateSessionData = z.object({
  validateSession: z.nullable(z.extend(SessionInput, { person: z.nullable(PersonInput) })),
})

/** What a Function answers when it refuses (src/commerce/errors.ts). */
export const FunctionError = z.object({ error: z.object({ code: z.string(), message: z.string() }) })

/** What /api/graphql answers: data, or errors of which the first is the one that counts. */
export const GraphQLAnswer = z.object({
  data: z.optional(z.unknown()),
  errors: z.optional(z.array(z.object({ message: z.string() }))),
})

/* Compile-time proof that each schema and its domain type describe the same values. */
type Agrees<S extends z.ZodMiniType, T> = [z.output<S>] extends [T] ? ([T] extends [z.input<S>] ? true : false) : false
type Proves<T extends true> = T
export type _DomainAgreement = [
  Proves<Agrees<typeof CartItem, Domain.CartItem>>,
  Proves<Agrees<typeof Cart, Domain.Cart>>,
  Proves<Agrees<typeof ProductSummary, Domain.ProductSummary>>,
  Proves<Agrees<typeof Suggestions, Domain.Suggestions>>,
  Proves<Agrees<typeof SearchResults, DomainSearchResults>>,
]

/**
 * The catalog as Gatsby's data layer holds it: the GraphQL types (declared,
 * never inferred, so an empty or odd catalog cannot change the schema), the
 * conversion from categories to nodes. Products cross as `ProductNode`
 * (src/domain/productNode.ts), which templates turn back into products.
 */
import type { Category } from '../domain/types'

export const catalogTypeDefs = `
  type Brand implements Node @dontInfer {
    brandId: String!
    slug: String!
    name: String!
    privateLabel: Boolean!
  }
  type CategoryPathItem { name: String!, slug: String! }
  type Category implements Node @dontInfer {
    categoryId: String!
    slug: String!
    name: String!
    level: Int!
    parentId: String
    position: Int!
    path: [CategoryPathItem!]!
  }
  type ProductBrand { id: String!, slug: String!, name: String!, privateLabel: Boolean! }
  type ProductImage { url: String!, alternateName: String! }
  type ProductOffer { price: Float!, listPrice: Float!, lowPrice: Float! }
  type ProductVariant {
    sku: String!
    name: String!
    gtin: String!
    offers: ProductOffer!
    unitMultiplier: Float!
    maxQuantity: Int!
    image: [ProductImage!]!
  }
  type ProductBreadcrumb { name: String!, item: String!, position: Int! }
  type ProductProperty { name: String!, value: String! }
  type ProductPriceTier { minQuantity: Int!, value: Float! }
  type ProductSubscription { frequencies: [String!]! }
  type Product implements Node @dontInfer {
    productId: String!
    slug: String!
    name: String!
    description: String!
    brand: ProductBrand!
    categoryId: String!
    categoryIds: [String!]!
    breadcrumbList: [ProductBreadcrumb!]!
    hasVariant: [ProductVariant!]!
    properties: [ProductProperty!]!
    priceTiers: [ProductPriceTier!]!
    tierExtraDiscount: Boolean!
    minQuantity: Int!
    fastPicking: Boolean!
    isKit: Boolean!
    subscription: ProductSubscription
    releaseDate: Date! @dateformat
    price: Float!
  }
`

/** A category and its ancestors, from the top level down to it. */
export function lineage(categoryId: string, byId: Map<string, Category>): Category[] {
  const chain: Category[] = []
  for (let current = byId.get(categoryId); current; current = current.parentId ? byId.get(current.parentId) : undefined) {
    chain.unshift(current)
  }
  return chain
}

export function toCategoryNode(category: Category, byId: Map<string, Category>) {
  const path = lineage(category.id, byId).map(({ name, slug }) => ({ name, slug }))
  return {
    categoryId: category.id,
    slug: category.slug,
    name: category.name,
    level: category.level,
    parentId: category.parentId,
    position: category.position,
    path,
  }
}

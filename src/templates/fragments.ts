/** Shared page-query fragments: every field `fromProductNode` needs to rebuild a Product. */
import { graphql } from 'gatsby'

export const productFields = graphql`
  fragment ProductFields on Product {
    productId
    slug
    name
    description
    categoryId
    categoryIds
    price
    releaseDate
    brand {
      id
      slug
      name
      privateLabel
    }
    breadcrumbList {
      name
      item
      position
    }
    hasVariant {
      sku
      name
      gtin
      unitMultiplier
      maxQuantity
      offers {
        price
        listPrice
        lowPrice
      }
      image {
        url
        alternateName
      }
    }
    properties {
      name
      value
    }
    priceTiers {
      minQuantity
      value
    }
    tierExtraDiscount
    minQuantity
    fastPicking
    isKit
    subscription {
      frequencies
    }
  }
`

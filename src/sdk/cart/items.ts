/** Builds the cart line for a product variant, priced from the catalog until validation answers. */
import { cartItemId } from '../../domain/cart'
import type { AdditionalProperty, CartItem, Product, ProductVariant } from '../../domain/types'

export function cartItemFor(
  product: Product,
  variant: ProductVariant,
  quantity: number,
  additionalProperty: AdditionalProperty[] = [],
  seller = '1',
): CartItem {
  return {
    id: cartItemId({ sku: variant.sku, seller, price: variant.offers.price, additionalProperty }),
    index: 0,
    quantity,
    price: variant.offers.price,
    listPrice: variant.offers.listPrice,
    isKit: product.isKit,
    isGift: false,
    seller: { identifier: seller },
    itemOffered: {
      sku: variant.sku,
      name: `${product.name} - ${variant.name}`,
      gtin: variant.gtin,
      slug: product.slug,
      image: variant.image.slice(0, 1),
      brand: { name: product.brand.name },
      breadcrumbList: product.breadcrumbList.slice(0, -1),
      stockKeepingUnit: { isKit: product.isKit },
      isVariantOf: {
        name: product.name,
        productGroupID: product.id,
        hasVariant: product.hasVariant.map((v) => ({ sku: v.sku, offers: { lowPrice: v.offers.lowPrice } })),
      },
      additionalProperty,
      productSpecifications: { unitMultiplier: variant.unitMultiplier, maxQuantity: variant.maxQuantity },
    },
  }
}

export { SUBSCRIPTION_ATTACHMENT, subscriptionAttachment } from '../../domain/cart'

/** Maps the embedded platform's wire shapes (platform/wire.ts) to domain types. */
import type * as Wire from '../../../platform/wire'
import { cartItemId } from '../../domain/cart'
import type { BreadcrumbItem, Cart, CartItem, Category, Product, ProductSummary } from '../../domain/types'

function categoryCrumbs(path: { name: string; slug: string }[]): BreadcrumbItem[] {
  return path.map((category, i) => ({ name: category.name, item: `/${category.slug}`, position: i + 1 }))
}

export function toProduct(product: Wire.Product): Product {
  const crumbs = categoryCrumbs(product.categoryPath)
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    brand: product.brand,
    categoryId: product.categoryId,
    breadcrumbList: [...crumbs, { name: product.name, item: `/${product.slug}/p`, position: crumbs.length + 1 }],
    hasVariant: product.variants.map((variant) => ({
      sku: variant.sku,
      name: variant.name,
      gtin: variant.gtin,
      offers: { price: variant.price, listPrice: variant.listPrice, lowPrice: variant.lowPrice },
      unitMultiplier: variant.unitMultiplier,
      maxQuantity: variant.maxQuantity,
      image: variant.images,
    })),
    properties: product.properties,
    priceTiers: product.priceTiers,
    tierExtraDiscount: product.tierExtraDiscount,
    minQuantity: product.minQuantity,
    fastPicking: product.fastPicking,
    isKit: product.isKit,
    subscription: product.subscription,
    releaseDate: product.releaseDate,
  }
}

export function toCartItem(item: Wire.OrderFormItem): CartItem {
  const additionalProperty = item.attachments.map((a) => ({ name: a.name, value: a.value, valueReference: 'ATTACHMENT' }))
  return {
    id: cartItemId({ sku: item.sku, seller: item.seller, price: item.price, additionalProperty }),
    index: item.index,
    quantity: item.quantity,
    price: item.price,
    listPrice: item.listPrice,
    isKit: item.isKit,
    isGift: item.isGift,
    seller: { identifier: item.seller },
    itemOffered: {
      sku: item.sku,
      name: item.variantName ? `${item.productName} - ${item.variantName}` : item.productName,
      gtin: item.gtin,
      slug: item.productSlug,
      image: [item.image],
      brand: { name: item.brand },
      breadcrumbList: categoryCrumbs(item.categoryPath),
      stockKeepingUnit: { isKit: item.isKit },
      isVariantOf: {
        name: item.productName,
        productGroupID: item.productId,
        hasVariant: item.variants.map((v) => ({ sku: v.sku, offers: { lowPrice: v.lowPrice } })),
      },
      additionalProperty,
      productSpecifications: { unitMultiplier: item.unitMultiplier, maxQuantity: item.maxQuantity },
    },
  }
}

export function toCart(orderForm: Wire.OrderForm): Cart {
  return {
    id: orderForm.id,
    items: orderForm.items.map(toCartItem),
    messages: orderForm.messages.map((m) => ({ text: m.text, status: m.status })),
    shouldSplitItem: false,
  }
}

export function toCategory(category: Wire.Category): Category {
  const level = category.level
  if (level !== 1 && level !== 2 && level !== 3 && level !== 4) throw new Error(`category ${category.id} has level ${level}`)
  return { ...category, level }
}

/** The card's view of a product: the first picture of each variant and nothing the card does not show. */
export function toProductSummary(product: Wire.Product): ProductSummary {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    fastPicking: product.fastPicking,
    hasVariant: product.variants.map((v) => ({
      sku: v.sku,
      name: v.name,
      offers: { price: v.price, listPrice: v.listPrice, lowPrice: v.lowPrice },
      image: v.images.slice(0, 1),
    })),
  }
}

/**
 * A product as Gatsby's data layer holds it: the build writes it, the product
 * template reads it back with the node-only fields (the category ids and
 * the lowest variant price) left out.
 */
import type { Product } from './types'

export type ProductNode = Omit<Product, 'id'> & { productId: string; categoryIds: string[]; price: number }

export function toProductNode(product: Product, categoryIds: string[]): ProductNode {
  const { id, ...rest } = product
  return { ...rest, productId: id, categoryIds, price: Math.min(...product.hasVariant.map((v) => v.offers.price)) }
}

export function fromProductNode(node: ProductNode): Product {
  const { productId, categoryIds: _ancestors, price: _price, ...rest } = node
  return { ...rest, id: productId }
}

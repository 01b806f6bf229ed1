/**
 * The product just added to the cart: in memory for the product page's
 * add-to-cart modal (req PRODUCT-06), and in session storage for the /added-to-cart
 * page (req ROUTE-07), which is static, so what it shows comes from here, matched
 * by the skuId in its address.
 */
import { createBaseStore } from '@faststore/sdk'
import { z } from '../../wire/zod'
import { STORE_NAMESPACE } from '../../config/constants'
import { browserStorage, stored, type StorageLike } from '../core/storage'

export const ADDED_TO_CART_KEY = `${STORE_NAMESPACE}::store::addedToCart`

const AddedProduct = z.object({
  skuId: z.string(),
  name: z.string(),
  variantName: z.string(),
  slug: z.string(),
  brand: z.string(),
  image: z.nullable(z.object({ url: z.string(), alternateName: z.string() })),
  unitPrice: z.number(),
  listPrice: z.number(),
  quantity: z.number(),
  subscription: z.nullable(z.string()),
})
export type AddedProduct = z.output<typeof AddedProduct>

const session = () => browserStorage('sessionStorage')

/** The product the add-to-cart modal confirms: the last one added in this page. */
export const lastAdded = createBaseStore<AddedProduct | null>(null)

/** Storage disabled: the page then points to the cart. */
export function saveAddedProduct(added: AddedProduct, store: StorageLike | null = session()): void {
  lastAdded.set(added)
  stored(store).write(ADDED_TO_CART_KEY, added)
}

/** The saved product if it is the one `skuId` names, else null. */
export function readAddedProduct(skuId: string | null, store: StorageLike | null = session()): AddedProduct | null {
  if (!skuId) return null
  const added = stored(store).read(ADDED_TO_CART_KEY, AddedProduct)
  return added?.skuId === skuId ? added : null
}

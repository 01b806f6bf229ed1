/**
 * The product just added to the cart: in memory for the product page's
 * add-to-cart modal (req PRODUCT-06), and in session storage for the /added-to-cart
 * page (req ROUTE-07), which is static, so what it shows comes from here, matched
 * by the skuId in its address. That page confirms the add only when the cart
 * holds the line (`addedToCartState`): an address alone proves nothing.
 */
import { createBaseStore } from '@faststore/sdk'
import { z } from '../../wire/zod'
import { STORE_NAMESPACE } from '../../config/constants'
import { isSubscription } from '../../domain/cart'
import type { Cart, CartItem } from '../../domain/types'
import { cartLoaded, cartState } from '../cart/state'
import { browserStorage, stored, type StorageLike } from '../core/storage'
import { useHydrated } from '../core/useHydrated'
import { useSdkState } from '../core/useSdkState'

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
export function saveAddedProduct(added: AddedProduct, storage: StorageLike | null = session()): void {
  lastAdded.set(added)
  stored(storage).write(ADDED_TO_CART_KEY, added)
}

/** The saved product if it is the one `skuId` names, else null. */
export function readAddedProduct(skuId: string | null, storage: StorageLike | null = session()): AddedProduct | null {
  if (!skuId) return null
  const added = stored(storage).read(ADDED_TO_CART_KEY, AddedProduct)
  return added?.skuId === skuId ? added : null
}

/**
 * What /added-to-cart may say: `checking` until the page has hydrated and the
 * cart this browser kept has been read back; then `added`, with the product,
 * only when the cart holds a line of the sku the address names, else `missing`.
 */
export type AddedToCartState = { status: 'checking' } | { status: 'added'; product: AddedProduct } | { status: 'missing' }

export function addedToCartState(skuId: string | null, cart: Cart | null, saved: AddedProduct | null): AddedToCartState {
  if (!cart) return { status: 'checking' }
  const lines = cart.items.filter((item) => !item.isGift && item.itemOffered.sku === skuId)
  if (!skuId || lines.length === 0) return { status: 'missing' }
  if (saved?.skuId === skuId) return { status: 'added', product: saved }
  return { status: 'added', product: productOfLine(lines[0]!) }
}

/** The product as the cart line tells it, for an add this tab did not keep (another tab, or a page without JavaScript). */
function productOfLine(line: CartItem): AddedProduct {
  const offered = line.itemOffered
  const product = offered.isVariantOf.name
  return {
    skuId: offered.sku,
    name: product,
    variantName: offered.name.startsWith(`${product} - `) ? offered.name.slice(product.length + 3) : '',
    slug: offered.slug,
    brand: offered.brand.name,
    image: offered.image[0] ?? null,
    unitPrice: line.price,
    listPrice: line.listPrice,
    quantity: line.quantity,
    subscription: offered.additionalProperty.find(isSubscription)?.value ?? null,
  }
}

/** The /added-to-cart page's state for the sku its address names (req ROUTE-07). */
export function useAddedToCart(skuId: string | null): AddedToCartState {
  const hydrated = useHydrated()
  const loaded = useSdkState(cartLoaded)
  const cart = useSdkState(cartState)
  return addedToCartState(skuId, hydrated && loaded ? cart : null, hydrated && loaded ? readAddedProduct(skuId) : null)
}

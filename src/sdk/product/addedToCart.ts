/**
 * The product just added to the cart, kept in session storage for the
 * /added-to-cart page (spec §2): that page is static, so what it shows comes
 * from here, matched by the skuId in its address.
 */
import type { Image } from '../../domain/types'
import { STORE_NAMESPACE } from '../../config/constants'

export const ADDED_TO_CART_KEY = `${STORE_NAMESPACE}::store::addedToCart`

export interface AddedProduct {
  skuId: string
  name: string
  variantName: string
  slug: string
  brand: string
  image: Image | null
  unitPrice: number
  listPrice: number
  quantity: number
  subscription: string | null
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

const session = (): StorageLike | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

export function saveAddedProduct(added: AddedProduct, store: StorageLike | null = session()): void {
  try {
    store?.setItem(ADDED_TO_CART_KEY, JSON.stringify(added))
  } catch {
    /* storage disabled: the page then points to the cart */
  }
}

/** The saved product if it is the one `skuId` names, else null. */
export function readAddedProduct(skuId: string | null, store: StorageLike | null = session()): AddedProduct | null {
  if (!skuId) return null
  try {
    const parsed = JSON.parse(store?.getItem(ADDED_TO_CART_KEY) ?? 'null') as AddedProduct | null
    return parsed && typeof parsed === 'object' && parsed.skuId === skuId && typeof parsed.name === 'string' ? parsed : null
  } catch {
    return null
  }
}

/**
 * The product page's delivery estimate for the shopper's postal code: their
 * session's, or the one they last searched stores near; the static page and
 * a shopper who gave none see the default Ligurian one.
 */
import type { Product } from '../../../domain/types'
import { useShopperPostalCode } from '../../../sdk/pickup/hooks'
import { DeliveryInfo } from '../../ui/ProductDetails'

export function DeliveryEstimate({ product }: { product: Product }) {
  return <DeliveryInfo product={product} postalCode={useShopperPostalCode()} />
}

/**
 * Headless add-to-cart: returns the props a button spreads. A click adds the
 * line (./operations.ts `addToCart`: shown at once, sent to the platform as
 * that one line, whose answer becomes the cart; on top of the kept cart, once
 * it is read back: `afterCartLoaded`) and opens the minicart, or calls `onAdded` instead when the page confirms the
 * add its own way (the product page's add-to-cart modal). The second click of a double click is the same intent
 * and adds nothing.
 */
import { useCallback } from 'react'
import { isOutOfStock } from '../../domain/stock'
import type { AdditionalProperty, Product, ProductVariant } from '../../domain/types'
import { cartItemFor } from './items'
import { useMinicart } from '../shell/panels'
import { itemOfProduct, trackGa4 } from '../analytics/ga4'
import { earlyTap } from '../core/earlyTaps'
import { addToCart } from './operations'
import { afterCartLoaded } from './state'

interface Options {
  product: Product
  variant: ProductVariant
  quantity: number
  additionalProperty?: AdditionalProperty[]
  /** Called after an add in place of opening the minicart. */
  onAdded?: () => void
}

export function useBuyButton({ product, variant, quantity, additionalProperty, onAdded }: Options) {
  const { openMinicart } = useMinicart()
  const unavailable = isOutOfStock(variant)

  const onClick = useCallback(
    (event: { preventDefault(): void; detail?: number }) => {
      event.preventDefault()
      if (unavailable || (event.detail ?? 1) > 1) return
      const item = cartItemFor(product, variant, quantity, additionalProperty)
      afterCartLoaded(() => void addToCart(item))
      trackGa4('add_to_cart', [itemOfProduct(product, variant, quantity)])
      ;(onAdded ?? openMinicart)()
    },
    [product, variant, quantity, additionalProperty, unavailable, openMinicart, onAdded],
  )

  return {
    onClick,
    disabled: unavailable,
    // A tap before hydration is replayed once hydrated (src/sdk/core/earlyTaps.ts).
    ...earlyTap(`buy-${variant.sku}`),
    'data-testid': 'buy-button',
    'data-sku': variant.sku,
  }
}

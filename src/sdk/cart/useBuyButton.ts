/**
 * Headless add-to-cart: returns the props a button spreads. A click adds the
 * line to the local cart (validation then syncs it with the platform) and
 * opens the minicart. The second click of a double click is the same intent
 * and adds nothing.
 */
import { useCallback } from 'react'
import { isOutOfStock } from '../../domain/stock'
import type { AdditionalProperty, Product, ProductVariant } from '../../domain/types'
import { cartItemFor } from './items'
import { useMinicart } from '../ui/panels'
import { useHydrated } from '../useHydrated'
import { addToCart } from './operations'

interface Options {
  product: Product
  variant: ProductVariant
  quantity: number
  additionalProperty?: AdditionalProperty[]
}

export function useBuyButton({ product, variant, quantity, additionalProperty }: Options) {
  const { openMinicart } = useMinicart()
  const unavailable = isOutOfStock(variant)
  // The static HTML's button does nothing until React hydrates; keep it disabled till then so a tap is never lost.
  const hydrated = useHydrated()

  const onClick = useCallback(
    (event: { preventDefault(): void; detail?: number }) => {
      event.preventDefault()
      if (unavailable || (event.detail ?? 1) > 1) return
      addToCart(cartItemFor(product, variant, quantity, additionalProperty))
      openMinicart()
    },
    [product, variant, quantity, additionalProperty, unavailable, openMinicart],
  )

  return {
    onClick,
    disabled: unavailable || !hydrated,
    'aria-busy': !hydrated,
    'data-testid': 'buy-button',
    'data-sku': variant.sku,
  }
}

/**
 * The product page's buying state, headless: the chosen quantity kept within
 * the minimum order and the variant's maximum, the unit price of the
 * progressive discount that quantity reaches, the one-off or periodic
 * (subscription) choice, and the add-to-cart button's props. Adding goes
 * through the cart state (the line is then validated against the platform),
 * keeps the added product (for the modal and for /added-to-cart) and opens
 * the add-to-cart modal, which confirms it on the page the shopper is on.
 *
 * The box is also a plain HTML form posting the chosen sku, quantity and
 * frequency to /api/cart/add (req CART-30), which adds without JavaScript and
 * lands on /added-to-cart. Once hydrated the button's click adds in the page
 * and prevents the post, and so does the form's submit handler; a tap before
 * hydration is kept by the early-tap script, which stops the post too, and
 * replayed once hydrated (req UI-07): one add either way.
 */
import { useMemo, useState } from 'react'
import { MIN_QUANTITY } from '../../config/constants'
import { isOutOfStock } from '../../domain/stock'
import { tierTable, unitPriceFor } from '../../domain/tiers'
import { paths } from '../../config/paths'
import { functionPath } from '../../wire/paths'
import type { Product, ProductVariant } from '../../domain/types'
import { subscriptionAttachment } from '../cart/items'
import { useBuyButton } from '../cart/useBuyButton'
import { usePanel } from '../shell/panels'
import { saveAddedProduct } from './addedToCart'

export function useBuyBox(product: Product, variant: ProductVariant) {
  const minimum = Math.max(MIN_QUANTITY, product.minQuantity)
  const [quantity, setQuantity] = useState(minimum)
  const [frequency, setFrequency] = useState<string | null>(null)
  const frequencies = product.subscription?.frequencies ?? []

  const maximum = Math.max(minimum, variant.maxQuantity)
  const count = Math.min(Math.max(quantity, minimum), maximum)
  const { price } = variant.offers
  const unitPrice = unitPriceFor(product.priceTiers, price, product.tierExtraDiscount, count)
  const unavailable = isOutOfStock(variant)

  const additionalProperty = useMemo(() => (frequency ? [subscriptionAttachment(frequency)] : []), [frequency])
  const addedModal = usePanel('addedToCart', { closeOnUnmount: true })
  const { onClick, ...buyProps } = useBuyButton({ product, variant, quantity: count, additionalProperty, onAdded: addedModal.open })
  const add = (event: { preventDefault(): void; detail?: number }) => {
    if (!unavailable && (event.detail ?? 1) <= 1)
      saveAddedProduct({
        skuId: variant.sku,
        name: product.name,
        variantName: variant.name,
        slug: product.slug,
        brand: product.brand.name,
        image: variant.image[0] ?? null,
        unitPrice,
        listPrice: variant.offers.listPrice,
        quantity: count,
        subscription: frequency,
      })
    onClick(event)
  }

  return {
    /** Whether the add-to-cart modal is open (the page mounts it then). */
    addedOpen: addedModal.isOpen,
    count,
    minimum,
    maximum,
    unitPrice,
    unavailable,
    tiers: tierTable(product.priceTiers, price, product.tierExtraDiscount),
    /** The tier row the current quantity is charged at. */
    isCurrentTier: (tier: { minQuantity: number; value: number }) => unitPrice === tier.value && count >= tier.minQuantity,
    frequencies,
    frequency,
    stepperProps: { value: count, min: minimum, max: maximum, onChange: setQuantity },
    /** The form the box is: posted only without JavaScript. */
    formProps: { method: 'post', action: functionPath('cart/add'), onSubmit: (event: { preventDefault(): void }) => event.preventDefault() },
    /** What the form sends besides the purchase mode: the static page's variant and quantity unless the shopper changed them. */
    hiddenFields: { skuId: variant.sku, quantity: String(count), from: paths.product(product.slug) },
    // The radios are the form's `frequency` field: empty for one-off, the frequency for a subscription (the first, without JavaScript).
    oneOffProps: { checked: frequency === null, onChange: () => setFrequency(null), name: 'frequency', value: '' },
    subscriptionProps: { checked: frequency !== null, onChange: () => setFrequency(frequencies[0] ?? null), name: 'frequency', value: frequency ?? frequencies[0] ?? '' },
    frequencyProps: { value: frequency ?? '', onChange: (event: { target: { value: string } }) => setFrequency(event.target.value) },
    buyButtonProps: { ...buyProps, onClick: add },
  }
}

/**
 * GA4 ecommerce events for the marketing team, beside the spec's own events,
 * in the same data layer: view_item_list, select_item, view_item,
 * add_to_cart, remove_from_cart, view_cart and begin_checkout, each with
 * GA4's item shape (item_id = product, item_variant = sku, item_name,
 * item_brand, price, quantity, currency EUR). They are pushed when the
 * browser is idle, so no event adds to the time a tap or a hydration takes.
 */
import type { CartItem, ProductSummary, Product, ProductVariant } from '../../domain/types'
import { shownVariant } from '../../domain/stock'
import { whenIdle } from '../core/idle'
import { track } from './dataLayer'

export const GA4_CURRENCY = 'EUR'

export interface Ga4Item {
  item_id: string
  item_name: string
  item_brand: string
  item_variant: string
  price: number
  quantity: number
  currency: typeof GA4_CURRENCY
  index?: number
  item_list_name?: string
}

export type Ga4Event = 'view_item_list' | 'select_item' | 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'begin_checkout'

/** A card in a listing, with the variant it shows: the first in stock. */
export function itemOfSummary(product: ProductSummary, index: number, listName: string): Ga4Item {
  const variant = shownVariant(product)
  return {
    item_id: product.id,
    item_name: product.name,
    item_brand: product.brand.name,
    item_variant: variant?.sku ?? '',
    price: variant?.offers.price ?? 0,
    quantity: 1,
    currency: GA4_CURRENCY,
    index,
    item_list_name: listName,
  }
}

export function itemOfProduct(product: Product, variant: ProductVariant, quantity = 1): Ga4Item {
  return {
    item_id: product.id,
    item_name: product.name,
    item_brand: product.brand.name,
    item_variant: variant.sku,
    price: variant.offers.price,
    quantity,
    currency: GA4_CURRENCY,
  }
}

export function itemOfLine(line: CartItem, quantity = line.quantity): Ga4Item {
  const offered = line.itemOffered
  return {
    item_id: offered.isVariantOf.productGroupID,
    item_name: offered.isVariantOf.name,
    item_brand: offered.brand.name,
    item_variant: offered.sku,
    price: line.price,
    quantity,
    currency: GA4_CURRENCY,
    index: line.index,
  }
}

/** The event's payload: GA4 reads `ecommerce` with the items and their value. */
export function ga4Payload(items: Ga4Item[], extra: Record<string, unknown> = {}) {
  const value = Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100
  return { ecommerce: { currency: GA4_CURRENCY, value, items, ...extra } }
}

type Idle = (run: () => void) => void

const whenIdleSoon: Idle = (run) => whenIdle(run, { timeout: 2_000, fallback: 1 })

/** Pushes a GA4 event once the browser is idle; an event without items is not sent. */
export function trackGa4(event: Ga4Event, items: Ga4Item[], extra: Record<string, unknown> = {}, later: Idle = whenIdleSoon): void {
  if (items.length === 0) return
  later(() => track(event, ga4Payload(items, extra)))
}

/** A quantity change is GA4's add_to_cart for units added and remove_from_cart for units taken away. */
export function trackQuantityChange(line: CartItem, from: number, to: number, later: Idle = whenIdleSoon): void {
  if (to > from) trackGa4('add_to_cart', [itemOfLine(line, to - from)], {}, later)
  else if (to < from) trackGa4('remove_from_cart', [itemOfLine(line, from - to)], {}, later)
}

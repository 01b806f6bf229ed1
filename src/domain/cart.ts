/**
 * Pure cart rules shared by the browser store and the Functions: how a line's
 * id is built, when two carts are the same, and the derived totals (req CART-02, CART-03, CART-12).
 */
import type { AdditionalProperty, CartItem } from './types'

/** Attachments are the additional properties with valueReference ATTACHMENT. */
export function isAttachment(property: AdditionalProperty): boolean {
  return property.valueReference === 'ATTACHMENT'
}

/** A subscription: an ATTACHMENT whose name contains vtex.subscription (req CART-04). */
export function isSubscription(property: AdditionalProperty): boolean {
  return isAttachment(property) && property.name.includes('vtex.subscription')
}

/** Name of the subscription attachment the shop sends (req CART-04). */
export const SUBSCRIPTION_ATTACHMENT = 'vtex.subscription.frequenza'

/** The attachment that makes a line a periodic order with the given frequency (e.g. "1 mese"). */
export function subscriptionAttachment(frequency: string): AdditionalProperty {
  return { name: SUBSCRIPTION_ATTACHMENT, value: frequency, valueReference: 'ATTACHMENT' }
}

function attachmentId(property: AdditionalProperty): string {
  return `${property.name}:${property.value}:${property.valueReference}`
}

/**
 * Line id from sku, seller, price and attachment ids. Two lines with the same
 * sku but another price (a tier reached) or another attachment (a subscription)
 * are different lines, as on the platform.
 */
export function cartItemId(item: {
  sku: string
  seller: string
  price: number
  additionalProperty?: AdditionalProperty[]
}): string {
  const attachments = (item.additionalProperty ?? []).filter(isAttachment).map(attachmentId).join('-')
  return [item.sku, item.seller, item.price < 0.01 ? 0 : item.price, attachments].filter((part) => part !== '').join('::')
}

/** What the equality rule looks at in a line. */
export interface ComparableItem {
  id: string
  index: number
  quantity: number
  price: number
  listPrice: number
  seller: { identifier: string }
  itemOffered: { sku: string }
}

function sameLine(a: ComparableItem, b: ComparableItem): boolean {
  return (
    a.id === b.id &&
    a.index === b.index &&
    a.itemOffered.sku === b.itemOffered.sku &&
    a.quantity === b.quantity &&
    a.price === b.price &&
    a.listPrice === b.listPrice &&
    a.seller.identifier === b.seller.identifier
  )
}

/**
 * req CART-12: the cart is valid when the server's equals the local one by id and,
 * line by line in order, by id, index, sku, quantity, price, listPrice and seller.
 */
export function isSameCart(a: { id: string; items: ComparableItem[] }, b: { id: string; items: ComparableItem[] }): boolean {
  if (a.id !== b.id || a.items.length !== b.items.length) return false
  return a.items.every((item, i) => {
    const other = b.items[i]
    return other !== undefined && sameLine(item, other)
  })
}

export interface CartTotals {
  /** Lines, gifts included. */
  totalUniqueItems: number
  /** Units, gifts excluded. */
  totalItems: number
  /** Σ price × quantity */
  total: number
  /** Σ listPrice × quantity */
  subTotal: number
}

const cents = (value: number) => Math.round(value * 100) / 100

export function cartTotals(items: CartItem[]): CartTotals {
  return {
    totalUniqueItems: items.length,
    totalItems: items.reduce((sum, item) => sum + (item.isGift ? 0 : item.quantity), 0),
    total: cents(items.reduce((sum, item) => sum + item.price * item.quantity, 0)),
    subTotal: cents(items.reduce((sum, item) => sum + item.listPrice * item.quantity, 0)),
  }
}

/** Gift lines (price 0), listed apart from the paid lines. */
export function splitGifts(items: CartItem[]): { lines: CartItem[]; gifts: CartItem[] } {
  return {
    lines: items.filter((item) => !item.isGift),
    gifts: items.filter((item) => item.isGift),
  }
}

/** The same line for the platform: sku, seller and attachments, whatever its price. */
export function sameLineKey(a: CartItem, b: CartItem): boolean {
  return lineKey(lineOf(a)) === lineKey(lineOf(b))
}

function lineOf(item: CartItem) {
  return { sku: item.itemOffered.sku, seller: item.seller.identifier, attachments: attachmentsOf(item.itemOffered.additionalProperty) }
}

/**
 * A line's maximum when the platform gives none: VTEX's order forms carry no
 * cap (Checkout caps a line itself and says so), so the stepper takes no limit
 * from it rather than a maximum of zero units.
 */
export const NO_MAXIMUM = 0

/** The most units a line may be set to: its maximum, or no cap when the platform gives none (`NO_MAXIMUM`). */
export function lineMaximum(item: CartItem): number {
  const max = item.itemOffered.productSpecifications.maxQuantity
  return max > 0 ? max : Infinity
}

/** The platform identifies a line by sku, seller and attachments: the same key for both sides. */
export function lineKey(line: { sku: string; seller: string; attachments: { name: string; value: string }[] }): string {
  const attachments = [...line.attachments]
    .map((a) => `${a.name}=${a.value}`)
    .sort()
    .join('&')
  return `${line.sku}|${line.seller}|${attachments}`
}

/**
 * The paid lines of `before` that `after` no longer holds (by sku, seller and
 * attachments, whatever the price): what a cart coming from the platform takes
 * away from the shopper's, so they can be told (req CART-29).
 */
export function droppedLines(before: CartItem[], after: CartItem[]): CartItem[] {
  return before.filter((line) => !line.isGift && !after.some((other) => !other.isGift && sameLineKey(line, other)))
}

export function attachmentsOf(properties: AdditionalProperty[]): { name: string; value: string }[] {
  return properties.filter(isAttachment).map((p) => ({ name: p.name, value: p.value }))
}

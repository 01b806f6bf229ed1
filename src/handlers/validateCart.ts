/**
 * Cart validation (req CART-23, CALL-12). The browser's cart states
 * what the shopper wants; the platform decides prices, gifts and stock.
 *
 * 1. Find the order form: a missing one is stale, and a fresh order form takes
 *    its place, so the shopper keeps their lines. A placed one became an order
 *    at the checkout: a fresh empty one takes its place, with a message naming
 *    the order, so a shopper back from the checkout never sees (and buys) the
 *    same lines again. One that belongs to another customer (a device whose
 *    session ended) is replaced by a fresh empty one: its lines are that
 *    customer's, never copied to this shopper.
 * 2. Make the browser's changes. A browser that sends the lines its cart last
 *    agreed on with the platform (`agreedOffer`) changed exactly the lines
 *    whose quantity differs from them: only those are set (`setItems`), and
 *    every other line stays as the platform holds it, so a line another tab or
 *    device added or removed meanwhile is neither dropped nor brought back.
 *    Without them the browser's paid lines are made the order form's (by sku,
 *    seller, attachments and quantity). A fresh order form takes them all.
 * 3. Answer null when the result equals the browser's cart by id and items,
 *    otherwise the platform's cart, which the browser adopts.
 */
import type { CartAdapter } from '../commerce/capabilities'
import { attachmentsOf, cartItemId, type ComparableItem, isSameCart, lineKey } from '../domain/cart'
import { CommerceError, OrderPlacedError } from '../commerce/errors'
import { cartTexts } from '../config/texts/cart'
import type { AgreedOfferInput, OfferInput } from '../wire/inputs'
import type { Cart, CartItem, LineInput, RequestContext } from '../domain/types'

export interface ValidateCartInput {
  orderNumber: string
  acceptedOffer: OfferInput[]
  /** The paid lines of the order form when the browser's cart last agreed with the platform; absent when the browser does not know them. */
  agreedOffer?: AgreedOfferInput[]
  shouldSplitItem?: boolean | null
}

const STALE = new Set([403, 404, 409])

export async function validateCart(carts: CartAdapter, input: ValidateCartInput, ctx: RequestContext): Promise<Cart | null> {
  const asked = wantedLines(input.acceptedOffer)
  if (!input.orderNumber && asked.length === 0) return null

  const found = input.orderNumber && input.agreedOffer ? await changeOwnCart(carts, input.orderNumber, asked, wantedLines(input.agreedOffer), ctx) : await findOpenCart(carts, input.orderNumber, ctx)
  let cart = found.cart
  const wanted = found.foreign || found.placed ? [] : asked
  if (!found.changed && !sameLines(cart.items, wanted)) {
    cart = await carts.replaceItems(cart.id, wanted, ctx)
  }
  if (found.placed) cart = { ...cart, messages: [{ text: cartTexts.orderReceived(found.placed.orderNumber), status: 'info' }, ...cart.messages] }

  const result = { ...cart, shouldSplitItem: Boolean(input.shouldSplitItem) }
  return isSameCart(result, browserCart(input)) ? null : result
}

interface FoundCart {
  cart: Cart
  /** The order form was another customer's. */
  foreign: boolean
  /** The order form became this order. */
  placed?: OrderPlacedError
  /** The browser's changes are made already. */
  changed?: boolean
}

async function findOpenCart(carts: CartAdapter, orderNumber: string, ctx: RequestContext): Promise<FoundCart> {
  if (!orderNumber) return { cart: await carts.create(ctx), foreign: false }
  try {
    return { cart: await carts.get(orderNumber, ctx), foreign: false }
  } catch (error) {
    if (error instanceof OrderPlacedError) return { cart: await carts.create(ctx), foreign: false, placed: error }
    if (error instanceof CommerceError && STALE.has(error.status)) return { cart: await carts.create(ctx), foreign: error.status === 403 }
    throw error
  }
}

/**
 * Sets the lines the browser changed since `agreed` on its order form, in one adapter call that also finds
 * the form (the platform's cart as it is when nothing changed). A refusal that may be the order form's
 * (placed, another customer's, gone: 404 is also an unknown sku) is looked at as `findOpenCart` looks.
 */
async function changeOwnCart(carts: CartAdapter, orderNumber: string, asked: LineInput[], agreed: LineInput[], ctx: RequestContext): Promise<FoundCart> {
  const changes = changedLines(asked, agreed)
  try {
    const cart = changes.length > 0 ? await carts.setItems(orderNumber, changes, ctx) : await carts.get(orderNumber, ctx)
    return { cart, foreign: false, changed: true }
  } catch (error) {
    if (!(error instanceof CommerceError && STALE.has(error.status))) throw error
    return findOpenCart(carts, orderNumber, ctx)
  }
}

/** The lines of `asked` whose quantity is not the one in `agreed`, and those `agreed` had that `asked` lacks, at 0. */
function changedLines(asked: LineInput[], agreed: LineInput[]): LineInput[] {
  const before = new Map(agreed.map((line) => [lineKey(line), line]))
  const now = new Map(asked.map((line) => [lineKey(line), line]))
  const changed = asked.filter((line) => before.get(lineKey(line))?.quantity !== line.quantity)
  const removed = agreed.filter((line) => !now.has(lineKey(line))).map((line) => ({ ...line, quantity: 0 }))
  return [...changed, ...removed]
}

/**
 * Paid lines the browser asks for, merged by line key. Gifts are the
 * platform's to decide; a line the platform prices at 0 without calling it a
 * gift stays the shopper's.
 */
function wantedLines(offers: (AgreedOfferInput & { isGift?: boolean })[]): LineInput[] {
  const lines = new Map<string, LineInput>()
  for (const offer of offers) {
    if (offer.isGift) continue
    const line: LineInput = {
      sku: offer.itemOffered.sku,
      seller: offer.seller.identifier,
      quantity: offer.quantity,
      attachments: attachmentsOf(offer.itemOffered.additionalProperty),
    }
    const key = lineKey(line)
    const existing = lines.get(key)
    lines.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : line)
  }
  return [...lines.values()]
}

function sameLines(items: CartItem[], wanted: LineInput[]): boolean {
  const current = items
    .filter((item) => !item.isGift)
    .map((item) => ({
      sku: item.itemOffered.sku,
      seller: item.seller.identifier,
      quantity: item.quantity,
      attachments: attachmentsOf(item.itemOffered.additionalProperty),
    }))
  if (current.length !== wanted.length) return false
  const quantities = new Map(current.map((line) => [lineKey(line), line.quantity]))
  return wanted.every((line) => quantities.get(lineKey(line)) === line.quantity)
}

/** The browser's cart as the equality rule sees it: ids rebuilt, indexes by position. */
function browserCart(input: ValidateCartInput): { id: string; items: ComparableItem[] } {
  return {
    id: input.orderNumber,
    items: input.acceptedOffer.map((offer, index) => ({
      id: cartItemId({
        sku: offer.itemOffered.sku,
        seller: offer.seller.identifier,
        price: offer.price,
        additionalProperty: offer.itemOffered.additionalProperty,
      }),
      index,
      quantity: offer.quantity,
      price: offer.price,
      listPrice: offer.listPrice,
      seller: offer.seller,
      itemOffered: { sku: offer.itemOffered.sku },
    })),
  }
}

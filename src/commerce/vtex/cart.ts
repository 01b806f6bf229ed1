/**
 * The cart over VTEX Checkout's order forms. The browser's order-form cookies
 * (`checkout.vtex.com`, `CheckoutOrderFormOwnership`, kept under `__Host-`)
 * go to VTEX with every call and what VTEX sets comes back to the browser
 * (client.ts), which is how VTEX binds an order form to a browser; an id that
 * is not the browser's own is never sent to VTEX (ownership.ts). Adding and replacing go through
 * PATCH `items` (the one Checkout operation that takes an item's attachments,
 * as FastStore's VTEX client adds them), changing a quantity through
 * `items/update`, removing is quantity 0 there; VTEX's own messages become the
 * cart's. Gifts (`isGift`) stay apart from the paid lines and are never sent.
 *
 * Checkout does not refuse a quantity it cannot sell: it caps the line and
 * says so in a message. The cart's contract is a 422 that changes nothing, so
 * a change Checkout capped is put back as it was and answered with VTEX's
 * message; a replacement VTEX refused half-way is put back the same way.
 */
import { z } from 'zod/v4'
import { cartItemId } from '../../domain/cart'
import type { Cart, CartItem, CartMessage, LineInput, RequestContext } from '../../domain/types'
import type { CartAdapter } from '../capabilities/cart'
import { CommerceError, notFound } from '../errors'
import { read } from './read'
import type { VtexClient } from './client'
import { formPath, mustOwnOrderForm } from './ownership'

const Item = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  ean: z.string().nullable().optional(),
  quantity: z.number(),
  seller: z.string(),
  price: z.number(),
  listPrice: z.number(),
  sellingPrice: z.number().optional(),
  priceDefinition: z.object({ calculatedSellingPrice: z.number() }).loose().nullable().optional(),
  isGift: z.boolean(),
  detailUrl: z.string().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  availability: z.string().optional(),
  attachments: z.array(z.object({ name: z.string(), content: z.record(z.string(), z.unknown()) })).default([]),
  additionalInfo: z.object({ brandName: z.string().nullable().optional() }).loose().nullable().optional(),
})
export const OrderForm = z.object({
  orderFormId: z.string(),
  items: z.array(Item),
  messages: z.array(z.object({ text: z.string(), status: z.string() })).default([]),
})
type OrderForm = z.infer<typeof OrderForm>

const MESSAGE_STATUS: Record<string, CartMessage['status']> = { error: 'error', warning: 'warning', info: 'info' }

/** An attachment's content as the line's value: the subscription's frequency, or the content as JSON. */
const attachmentValue = (content: Record<string, unknown>) => {
  const values = Object.values(content)
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : JSON.stringify(content)
}

export function toCartItem(item: z.infer<typeof Item>, index: number): CartItem {
  // Checkout answers prices in cents, the line's unit price as its quantity reaches a fixed price (a price tier)
  // included; priceDefinition's is the unrounded one its schema says to read before sellingPrice.
  const price = (item.priceDefinition?.calculatedSellingPrice ?? item.sellingPrice ?? item.price) / 100
  const additionalProperty = item.attachments.map((a) => ({ name: a.name, value: attachmentValue(a.content), valueReference: 'ATTACHMENT' }))
  const slug = /^\/?([^/]+)\/p$/.exec(item.detailUrl ?? '')?.[1] ?? ''
  return {
    id: cartItemId({ sku: item.id, seller: item.seller, price, additionalProperty }),
    index,
    quantity: item.quantity,
    price,
    listPrice: item.listPrice / 100,
    isKit: false,
    isGift: item.isGift,
    seller: { identifier: item.seller },
    itemOffered: {
      sku: item.id,
      name: item.name,
      gtin: item.ean ?? '',
      slug,
      image: item.imageUrl ? [{ url: item.imageUrl, alternateName: item.name }] : [],
      brand: { name: item.additionalInfo?.brandName ?? '' },
      breadcrumbList: [],
      stockKeepingUnit: { isKit: false },
      isVariantOf: { name: item.name, productGroupID: item.productId, hasVariant: [{ sku: item.id, offers: { lowPrice: item.availability === 'available' ? price : 0 } }] },
      additionalProperty,
      productSpecifications: { unitMultiplier: 1, maxQuantity: 0 },
    },
  }
}

export function toCart(form: OrderForm): Cart {
  return {
    id: form.orderFormId,
    items: form.items.map(toCartItem),
    messages: form.messages.map((m) => ({ text: m.text, status: MESSAGE_STATUS[m.status] ?? 'info' })),
    shouldSplitItem: false,
  }
}

type Line = z.infer<typeof Item>
type Attachment = LineInput['attachments'][number]

/** The content key VTEX's subscriptions read a plan's frequency from. */
export const SUBSCRIPTION_FREQUENCY = 'vtex.subscription.key.frequency'

/** A line's attachment as Checkout takes it: a subscription's frequency under VTEX's key, anything else as its content. */
export const toVtexAttachment = (a: Attachment) => ({ name: a.name, content: a.name.startsWith('vtex.subscription.') ? { [SUBSCRIPTION_FREQUENCY]: a.value } : { content: a.value } })

const attachmentsOfLine = (item: Line): Attachment[] => item.attachments.map((a) => ({ name: a.name, value: attachmentValue(a.content) }))
const keyOf = (sku: string, seller: string, attachments: Attachment[]) => JSON.stringify([sku, seller, attachments.map(({ name, value }) => [name, value])])
const lineKey = (item: Line) => keyOf(item.id, item.seller, attachmentsOfLine(item))
const inputKey = (line: Omit<LineInput, 'quantity'>) => keyOf(line.sku, line.seller, line.attachments)

function checkQuantities(lines: { quantity: number }[]): void {
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1)) throw new CommerceError(422, 'unprocessable', 'a line takes at least one unit')
}

/** VTEX's words for a line it capped, or a plain sentence when it gave none. */
const cappedMessage = (form: OrderForm) =>
  form.messages.find((m) => m.status !== 'info')?.text ?? 'VTEX cannot sell that many units of this item'

/** The paid lines whose quantity Checkout answered below what was asked (it caps what it cannot sell). */
function capped(form: OrderForm, expected: Map<string, number>): boolean {
  for (const [key, quantity] of expected) {
    const line = form.items.find((item) => !item.isGift && lineKey(item) === key)
    if (!line || line.quantity < quantity) return true
  }
  return false
}

export function vtexCart(client: VtexClient): CartAdapter {
  const form = async (path: string, ctx: RequestContext, method: 'GET' | 'POST' | 'PATCH' = 'GET', body?: unknown) => read(OrderForm, (await client.call(path, { method, body, ctx })).body, 'order form')
  /** The browser's own order form (./ownership.ts); every other id is the 404 of an unknown cart. */
  const get = async (id: string, ctx: RequestContext) => {
    await mustOwnOrderForm(client, id, ctx)
    return form(formPath(id), ctx)
  }
  const lineIndex = (current: OrderForm, line: Omit<LineInput, 'quantity'>) => {
    const index = current.items.findIndex((item) => !item.isGift && lineKey(item) === inputKey(line))
    if (index < 0) throw notFound(`the cart has no line of sku ${line.sku}`)
    return index
  }
  /** PATCH `items`: Checkout refuses an sku it does not sell with a 400 (ORD005), which for the adapter is an sku that does not exist. */
  const handle = (id: string, orderItems: unknown[], ctx: RequestContext) =>
    form(`${formPath(id)}/items`, ctx, 'PATCH', { orderItems }).catch((error: unknown) => {
      if (error instanceof CommerceError && error.status === 400) throw notFound(`VTEX does not sell an sku of this change: ${error.message}`)
      throw error
    })
  const addition = (line: LineInput) => ({ id: line.sku, quantity: line.quantity, seller: line.seller, attachments: line.attachments.map(toVtexAttachment) })
  /** Puts the paid lines of `now` back to those of `before`, in one call. */
  const restore = async (id: string, before: OrderForm, now: OrderForm, ctx: RequestContext) => {
    const cleared = now.items.flatMap((item, index) => (item.isGift ? [] : [{ id: item.id, seller: item.seller, index, quantity: 0 }]))
    const again = before.items.filter((item) => !item.isGift).map((item) => ({ id: item.id, quantity: item.quantity, seller: item.seller, attachments: item.attachments }))
    if (cleared.length || again.length) await handle(id, [...cleared, ...again], ctx)
  }
  /** Applies `orderItems` and answers the cart, or puts the cart back and answers 422 when Checkout capped a line below `expected`. */
  const change = async (current: OrderForm, orderItems: unknown[], expected: Map<string, number>, ctx: RequestContext) => {
    const id = current.orderFormId
    const after = await handle(id, orderItems, ctx).catch(async (error: unknown) => {
      // Checkout refuses a whole request it cannot serve; should it have applied part of it, the cart is put back.
      const now = await get(id, ctx).catch(() => null)
      if (now && JSON.stringify(now.items) !== JSON.stringify(current.items)) await restore(id, current, now, ctx)
      throw error
    })
    if (!capped(after, expected)) return toCart(after)
    await restore(id, current, after, ctx)
    throw new CommerceError(422, 'unprocessable', cappedMessage(after))
  }

  return {
    get: async (id, ctx) => toCart(await get(id, ctx)),
    create: async (ctx) => toCart(await form('/api/checkout/pub/orderForm?forceNewCart=true', ctx)),
    async addItem(id, line, ctx) {
      const current = await get(id, ctx)
      checkQuantities([line])
      const key = inputKey(line)
      const had = current.items.find((item) => !item.isGift && lineKey(item) === key)?.quantity ?? 0
      return change(current, [addition(line)], new Map([[key, had + line.quantity]]), ctx)
    },
    async updateItem(id, line, ctx) {
      const current = await get(id, ctx)
      const index = lineIndex(current, line)
      checkQuantities([line])
      const after = await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: [{ index, quantity: line.quantity }] })
      if (!capped(after, new Map([[inputKey(line), line.quantity]]))) return toCart(after)
      await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: [{ index, quantity: current.items[index]!.quantity }] })
      throw new CommerceError(422, 'unprocessable', cappedMessage(after))
    },
    async removeItem(id, line, ctx) {
      const current = await get(id, ctx)
      return toCart(await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: [{ index: lineIndex(current, line), quantity: 0 }] }))
    },
    async replaceItems(id, lines, ctx) {
      const current = await get(id, ctx)
      checkQuantities(lines)
      const summed = new Map<string, LineInput>()
      for (const line of lines) {
        const key = inputKey(line)
        const seen = summed.get(key)
        summed.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line)
      }
      const cleared = current.items.flatMap((item, index) => (item.isGift ? [] : [{ id: item.id, seller: item.seller, index, quantity: 0 }]))
      const orderItems = [...cleared, ...[...summed.values()].map(addition)]
      if (orderItems.length === 0) return toCart(current)
      return change(current, orderItems, new Map([...summed].map(([key, line]) => [key, line.quantity])), ctx)
    },
  }
}

/**
 * The cart over VTEX Checkout's order forms. The browser's order-form cookies
 * (`checkout.vtex.com`, `CheckoutOrderFormOwnership`, kept under `__Host-`)
 * go to VTEX with every call and what VTEX sets comes back to the browser
 * (client.ts), which is how VTEX binds an order form to a browser; an id that
 * is not the browser's own is never sent to VTEX (ownership.ts). Adding goes
 * through PATCH `items` (the one Checkout operation that takes an item's
 * attachments, as FastStore's VTEX client adds them), changing a quantity
 * through `items/update`, removing is quantity 0 there; VTEX's own messages
 * become the cart's. Gifts (`isGift`) stay apart from the paid lines and are
 * never sent.
 *
 * Every change reads the order form first (with `refreshOutdatedData`, as
 * FastStore reads it), one call that also proves it the browser's own, and
 * then makes one call: an add sends only the new line, and setting or
 * replacing lines sends only the lines that differ from the form as read
 * (`changesFor`), never the whole cart again, so a line another tab added
 * meanwhile is left alone.
 *
 * Checkout does not refuse a quantity it cannot sell: it caps the line and
 * says so in a message. The cart's contract is a 422 that changes nothing, so
 * the lines a change Checkout capped touched are put back as they were and it
 * is answered with VTEX's message; a change VTEX refused half-way is put back
 * the same way.
 */
import { z } from 'zod/v4'
import { cartItemId, NO_MAXIMUM } from '../../domain/cart'
import { imageSource } from '../../domain/images'
import type { Cart, CartItem, CartMessage, LineInput, RequestContext } from '../../domain/types'
import type { CartAdapter } from '../capabilities/cart'
import { CommerceError, notFound } from '../errors'
import { read } from './read'
import type { VtexClient } from './client'
import { formPath, mustOwnOrderForm, readOwnOrderForm, readPath } from './ownership'

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
      // Checkout's thumbnail is 55×55 over http: the line keeps the picture itself, which pages ask at the size they show.
      image: item.imageUrl ? [{ url: imageSource(item.imageUrl), alternateName: item.name }] : [],
      brand: { name: item.additionalInfo?.brandName ?? '' },
      breadcrumbList: [],
      stockKeepingUnit: { isKit: false },
      isVariantOf: { name: item.name, productGroupID: item.productId, hasVariant: [{ sku: item.id, offers: { lowPrice: item.availability === 'available' ? price : 0 } }] },
      additionalProperty,
      // An order form's item carries no maximum: Checkout caps a line itself, with a message.
      productSpecifications: { unitMultiplier: 1, maxQuantity: NO_MAXIMUM },
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

/** Refuses a quantity that is not a whole number of at least `least` units. */
function checkQuantities(lines: { quantity: number }[], least = 1): void {
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < least)) {
    throw new CommerceError(422, 'unprocessable', least > 0 ? 'a line takes at least one unit' : 'a quantity is a whole number of units')
  }
}

/** VTEX's words for a line it capped, or a plain sentence when it gave none. */
const cappedMessage = (form: OrderForm) =>
  form.messages.find((m) => m.status !== 'info')?.text ?? 'VTEX cannot sell that many units of this item'

/**
 * The paid lines whose quantity Checkout answered below what was asked (it caps what it cannot sell); a line asked
 * at 0 is gone. A line Checkout split over several indexes (a promotion on part of its units) counts whole.
 */
function capped(form: OrderForm, expected: Map<string, number>): boolean {
  const held = heldLines(form)
  for (const [key, quantity] of expected) {
    if (quantity > 0 && (held.get(key)?.quantity ?? 0) < quantity) return true
  }
  return false
}

/** A paid line of an order form: the indexes Checkout holds it at (a line it split is held at several) and its units. */
interface Held {
  item: Line
  indexes: number[]
  quantity: number
}

function heldLines(form: OrderForm): Map<string, Held> {
  const held = new Map<string, Held>()
  form.items.forEach((item, index) => {
    if (item.isGift) return
    const seen = held.get(lineKey(item))
    if (seen) {
      seen.indexes.push(index)
      seen.quantity += item.quantity
    } else held.set(lineKey(item), { item, indexes: [index], quantity: item.quantity })
  })
  return held
}

const inputOf = (item: Line, quantity: number): LineInput => ({ sku: item.id, seller: item.seller, quantity, attachments: attachmentsOfLine(item) })

/** Lines by key, the units of repeated ones summed. */
function summed(lines: LineInput[]): Map<string, LineInput> {
  const out = new Map<string, LineInput>()
  for (const line of lines) {
    const seen = out.get(inputKey(line))
    out.set(inputKey(line), seen ? { ...seen, quantity: seen.quantity + line.quantity } : line)
  }
  return out
}

const addition = (line: LineInput) => ({ id: line.sku, quantity: line.quantity, seller: line.seller, attachments: line.attachments.map(toVtexAttachment) })

/**
 * The PATCH `items` entries that give each line of `wanted` its units (0
 * takes it away) and leave every other line as it is: a line the form holds
 * changes at its index, named with its sku so Checkout can refuse an index
 * that moved (the first of a split line's indexes takes the units, the others
 * are emptied), one it lacks is added without an index. None when the form
 * holds them already. Checkout reads every index against the form as it was
 * before the request, so adds, changes and removals go in one request.
 */
function changesFor(form: OrderForm, wanted: Map<string, LineInput>): unknown[] {
  const held = heldLines(form)
  const changes: unknown[] = []
  for (const [key, line] of wanted) {
    const current = held.get(key)
    if (!current) {
      if (line.quantity > 0) changes.push(addition(line))
      continue
    }
    if (current.quantity === line.quantity && current.indexes.length === 1) continue
    current.indexes.forEach((index, n) => changes.push({ index, id: current.item.id, seller: current.item.seller, quantity: n === 0 ? line.quantity : 0 }))
  }
  return changes
}

const quantitiesOf = (wanted: Map<string, LineInput>) => new Map([...wanted].map(([key, line]) => [key, line.quantity]))

export function vtexCart(client: VtexClient): CartAdapter {
  const form = async (path: string, ctx: RequestContext, method: 'GET' | 'POST' | 'PATCH' = 'GET', body?: unknown) => read(OrderForm, (await client.call(path, { method, body, ctx })).body, 'order form')
  /** The browser's own order form (./ownership.ts); every other id is the 404 of an unknown cart. */
  const get = async (id: string, ctx: RequestContext) => {
    await mustOwnOrderForm(client, id, ctx)
    return form(readPath(id), ctx)
  }
  /** The browser's own order form before a change to it: one call where the browser's cookie names it. */
  const current = async (id: string, ctx: RequestContext) => read(OrderForm, await readOwnOrderForm(client, id, ctx), 'order form')
  const lineIndex = (now: OrderForm, line: Omit<LineInput, 'quantity'>) => {
    const index = now.items.findIndex((item) => !item.isGift && lineKey(item) === inputKey(line))
    if (index < 0) throw notFound(`the cart has no line of sku ${line.sku}`)
    return index
  }
  /** PATCH `items`: Checkout refuses an sku it does not sell with a 400 (ORD005), which for the adapter is an sku that does not exist. */
  const handle = (id: string, orderItems: unknown[], ctx: RequestContext) =>
    form(`${formPath(id)}/items`, ctx, 'PATCH', { orderItems }).catch((error: unknown) => {
      if (error instanceof CommerceError && error.status === 400) throw notFound(`VTEX does not sell an sku of this change: ${error.message}`)
      throw error
    })
  /** Puts the paid lines of `keys` in `now` back to what they were in `before`, in one call; the others stay as they are. */
  const restore = async (id: string, before: OrderForm, now: OrderForm, keys: Iterable<string>, ctx: RequestContext) => {
    const was = heldLines(before)
    const is = heldLines(now)
    const back = new Map<string, LineInput>()
    for (const key of keys) {
      const item = was.get(key)?.item ?? is.get(key)?.item
      if (item) back.set(key, inputOf(item, was.get(key)?.quantity ?? 0))
    }
    const orderItems = changesFor(now, back)
    if (orderItems.length) await handle(id, orderItems, ctx)
  }
  /**
   * Applies `orderItems` to `before` and answers the cart, or puts the lines of `expected` back and answers
   * 422 when Checkout capped one below the units `expected` names for it.
   */
  const change = async (before: OrderForm, orderItems: unknown[], expected: Map<string, number>, ctx: RequestContext) => {
    if (orderItems.length === 0) return toCart(before)
    const id = before.orderFormId
    const after = await handle(id, orderItems, ctx).catch(async (error: unknown) => {
      // Checkout refuses a whole request it cannot serve; should it have applied part of it, the lines are put back.
      const now = await current(id, ctx).catch(() => null)
      if (now) await restore(id, before, now, expected.keys(), ctx)
      throw error
    })
    if (!capped(after, expected)) return toCart(after)
    await restore(id, before, after, expected.keys(), ctx)
    throw new CommerceError(422, 'unprocessable', cappedMessage(after))
  }

  return {
    get: async (id, ctx) => toCart(await get(id, ctx)),
    create: async (ctx) => toCart(await form('/api/checkout/pub/orderForm?forceNewCart=true', ctx)),
    async addItem(id, line, ctx) {
      const before = await current(id, ctx)
      checkQuantities([line])
      const key = inputKey(line)
      const had = heldLines(before).get(key)?.quantity ?? 0
      // Added without an index: Checkout sums it into the line it holds then, whatever another tab did since the read.
      return change(before, [addition(line)], new Map([[key, had + line.quantity]]), ctx)
    },
    async updateItem(id, line, ctx) {
      const before = await current(id, ctx)
      const index = lineIndex(before, line)
      checkQuantities([line])
      const after = await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: [{ index, quantity: line.quantity }] })
      if (!capped(after, new Map([[inputKey(line), line.quantity]]))) return toCart(after)
      await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: [{ index, quantity: before.items[index]!.quantity }] })
      throw new CommerceError(422, 'unprocessable', cappedMessage(after))
    },
    async removeItem(id, line, ctx) {
      const before = await current(id, ctx)
      return toCart(await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: [{ index: lineIndex(before, line), quantity: 0 }] }))
    },
    async setItems(id, lines, ctx) {
      const before = await current(id, ctx)
      checkQuantities(lines, 0)
      const wanted = summed(lines)
      return change(before, changesFor(before, wanted), quantitiesOf(wanted), ctx)
    },
    async replaceItems(id, lines, ctx) {
      const before = await current(id, ctx)
      checkQuantities(lines)
      const wanted = summed(lines)
      for (const [key, held] of heldLines(before)) if (!wanted.has(key)) wanted.set(key, inputOf(held.item, 0))
      return change(before, changesFor(before, wanted), quantitiesOf(wanted), ctx)
    },
  }
}

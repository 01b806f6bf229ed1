/**
 * The cart over VTEX Checkout's order forms. The browser's order-form cookies
 * (`checkout.vtex.com`, `CheckoutOrderFormOwnership`) go to VTEX with every
 * call and what VTEX sets comes back to the browser (client.ts), which is how
 * VTEX binds an order form to a browser. Adding goes through `items`,
 * changing a quantity through `items/update`, removing is quantity 0 there;
 * VTEX's own messages become the cart's. Gifts (`isGift`) stay apart from the
 * paid lines.
 */
import { z } from 'zod'
import { cartItemId } from '../../domain/cart'
import type { Cart, CartItem, CartMessage, LineInput, RequestContext } from '../../domain/types'
import type { CartAdapter } from '../capabilities/cart'
import { CommerceError, notFound } from '../errors'
import { read } from './catalog'
import type { VtexClient } from './client'

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
  isGift: z.boolean(),
  detailUrl: z.string().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  availability: z.string().optional(),
  attachments: z.array(z.object({ name: z.string(), content: z.record(z.string(), z.unknown()) })).default([]),
  additionalInfo: z.object({ brandName: z.string().nullable().optional() }).passthrough().nullable().optional(),
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
  // Checkout answers prices in cents.
  const price = (item.sellingPrice ?? item.price) / 100
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

const formPath = (id: string) => `/api/checkout/pub/orderForm/${encodeURIComponent(id)}`
const sameLine = (item: z.infer<typeof Item>, line: Omit<LineInput, 'quantity'>) => item.id === line.sku && item.seller === line.seller && !item.isGift

export function vtexCart(client: VtexClient): CartAdapter {
  const form = async (path: string, ctx: RequestContext, method: 'GET' | 'POST' = 'GET', body?: unknown) => read(OrderForm, (await client.call(path, { method, body, ctx })).body, 'order form')
  const get = (id: string, ctx: RequestContext) => {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return Promise.reject(notFound(`no cart ${id}`))
    return form(formPath(id), ctx)
  }
  const lineIndex = (current: OrderForm, line: Omit<LineInput, 'quantity'>) => {
    const index = current.items.findIndex((item) => sameLine(item, line))
    if (index < 0) throw notFound(`the cart has no line of sku ${line.sku}`)
    return index
  }
  const setQuantities = async (id: string, updates: { index: number; quantity: number }[], ctx: RequestContext) => toCart(await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: updates }))
  const addLines = async (current: OrderForm, lines: LineInput[], ctx: RequestContext) => {
    if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 1)) throw new CommerceError(422, 'unprocessable', 'a line takes at least one unit')
    const orderItems = lines.map((l, i) => ({ id: l.sku, quantity: l.quantity, seller: l.seller, index: current.items.length + i }))
    const answer = await client.call(`${formPath(current.orderFormId)}/items`, { method: 'POST', body: { orderItems }, ctx }).catch((error: unknown) => {
      // Checkout refuses an sku it does not sell with a 400 (ORD005): for the adapter that sku does not exist.
      if (error instanceof CommerceError && error.status === 400) throw notFound(`unknown sku in ${lines.map((l) => l.sku).join(', ')}`)
      throw error
    })
    return toCart(read(OrderForm, answer.body, 'order form'))
  }

  return {
    get: async (id, ctx) => toCart(await get(id, ctx)),
    create: async (ctx) => toCart(await form('/api/checkout/pub/orderForm?forceNewCart=true', ctx)),
    addItem: async (id, line, ctx) => addLines(await get(id, ctx), [line], ctx),
    async updateItem(id, line, ctx) {
      const current = await get(id, ctx)
      const index = lineIndex(current, line)
      if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new CommerceError(422, 'unprocessable', 'a line takes at least one unit')
      return setQuantities(id, [{ index, quantity: line.quantity }], ctx)
    },
    async removeItem(id, line, ctx) {
      const current = await get(id, ctx)
      return setQuantities(id, [{ index: lineIndex(current, line), quantity: 0 }], ctx)
    },
    async replaceItems(id, lines, ctx) {
      const current = await get(id, ctx)
      const paid = current.items.flatMap((item, index) => (item.isGift ? [] : [{ index, quantity: 0 }]))
      const summed = new Map<string, LineInput>()
      for (const line of lines) {
        const key = JSON.stringify([line.sku, line.seller, line.attachments])
        const seen = summed.get(key)
        summed.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line)
      }
      const emptied = paid.length ? await form(`${formPath(id)}/items/update`, ctx, 'POST', { orderItems: paid }) : current
      return summed.size ? addLines(emptied, [...summed.values()], ctx) : toCart(emptied)
    },
  }
}

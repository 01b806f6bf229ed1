/** The cart over the platform's order forms. */
import type { CartAdapter } from '../capabilities/cart'
import type { LineInput } from '../../domain/types'
import { formPath, type PlatformClient } from './client'

const wireLine = (line: Omit<LineInput, 'quantity'>) => ({ sku: line.sku, seller: line.seller, attachments: line.attachments })

export function embeddedCart({ orderForm }: PlatformClient): CartAdapter {
  return {
    get: (id, ctx) => orderForm(formPath(id), { ctx }),
    create: (ctx) => orderForm('/api/orderforms', { method: 'POST', ctx }),
    addItem: (id, line, ctx) => orderForm(`${formPath(id)}/items`, { method: 'POST', body: { ...wireLine(line), quantity: line.quantity }, ctx }),
    updateItem: (id, line, ctx) => orderForm(`${formPath(id)}/items`, { method: 'PATCH', body: { ...wireLine(line), quantity: line.quantity }, ctx }),
    removeItem: (id, line, ctx) => orderForm(`${formPath(id)}/items/remove`, { method: 'POST', body: wireLine(line), ctx }),
    replaceItems: (id, lines, ctx) =>
      orderForm(`${formPath(id)}/items`, {
        method: 'PUT',
        body: { items: lines.map((line) => ({ ...wireLine(line), quantity: line.quantity })) },
        ctx,
      }),
  }
}

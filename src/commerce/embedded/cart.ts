/** The cart over the platform's order forms. */
import * as Wire from '../../../platform/wire'
import type { CartAdapter } from '../capabilities/cart'
import type { LineInput } from '../../domain/types'
import { heldCookieValues } from '../http/cookies'
import { formPath, type PlatformClient } from './client'

const wireLine = (line: Omit<LineInput, 'quantity'>) => ({ sku: line.sku, seller: line.seller, attachments: line.attachments })

const SECURE_KEY = Wire.platformCookieNames(true).cart
const PLAIN_KEY = Wire.platformCookieNames(false).cart

export function embeddedCart({ orderForm }: PlatformClient): CartAdapter {
  return {
    get: (id, ctx) => orderForm(formPath(id), { ctx }),
    create: (ctx) => orderForm('/api/orderforms', { method: 'POST', ctx }),
    addItem: (id, line, ctx) => orderForm(`${formPath(id)}/items`, { method: 'POST', body: { ...wireLine(line), quantity: line.quantity }, ctx }),
    updateItem: (id, line, ctx) => orderForm(`${formPath(id)}/items`, { method: 'PATCH', body: { ...wireLine(line), quantity: line.quantity }, ctx }),
    removeItem: (id, line, ctx) => orderForm(`${formPath(id)}/items/remove`, { method: 'POST', body: wireLine(line), ctx }),
    setItems: (id, lines, ctx) => orderForm(`${formPath(id)}/items/set`, { method: 'POST', body: { items: lines.map((line) => ({ ...wireLine(line), quantity: line.quantity })) }, ctx }),
    replaceItems: (id, lines, ctx) =>
      orderForm(`${formPath(id)}/items`, {
        method: 'PUT',
        body: { items: lines.map((line) => ({ ...wireLine(line), quantity: line.quantity })) },
        ctx,
      }),
    // A __Host- key exists only where the platform is on https, and there it reads no other: a plain one beside it was
    // planted and counts for nothing. Over plain http the plain name is the platform's.
    browserKeys: (ctx) => {
      const secure = heldCookieValues(ctx, SECURE_KEY)
      return secure.length > 0 ? secure : heldCookieValues(ctx, PLAIN_KEY)
    },
  }
}

import { matchesSecret } from '../../../http/secret'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod/v4'
import { AdminSkuPatchBody, type AdminOrderAnswer, type AdminSkuAnswer } from '../../wire'
import { selectLines } from '../../cart/queries'
import { centsToEuros, toIso } from '../../db/values'
import { patchSku } from '../../catalog/admin'
import { notFound, PlatformError } from '../../lib/errors'
import { parse } from '../errors'
import type { Services } from '../services'

const SkuParams = z.object({ sku: z.string().min(1).max(64) })
const OrderParams = z.object({ orderNumber: z.string().min(1).max(40) })

/** Operator endpoints, usable only when PLATFORM_ADMIN_TOKEN is configured. */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  const requireAdmin = (headers: Record<string, unknown>): void => {
    if (!services.adminToken) throw new PlatformError(403, 'ADMIN_DISABLED', 'the admin endpoint is disabled because PLATFORM_ADMIN_TOKEN is not set')
    if (!matchesSecret(headers['x-admin-token'], services.adminToken)) {
      throw new PlatformError(403, 'FORBIDDEN', 'header x-admin-token is missing or wrong')
    }
  }

  app.patch('/api/admin/skus/:sku', async (request): Promise<AdminSkuAnswer> => {
    requireAdmin(request.headers)
    const { sku } = parse(SkuParams, request.params, 'sku')
    const patch = parse(AdminSkuPatchBody, request.body, 'body')
    const answer = await patchSku(services.db, sku, patch, { outbox: services.catalogHook !== null })
    services.readCache.invalidate()
    // The storefront renders the pages showing this product again (platform/lib/catalog-hook.ts).
    services.catalogHook?.notify()
    return answer
  })

  /** A placed order as the shop keeps it for its accounts, whoever placed it (req GDPR-02). */
  app.get('/api/admin/orders/:orderNumber', async (request): Promise<AdminOrderAnswer> => {
    requireAdmin(request.headers)
    const { orderNumber } = parse(OrderParams, request.params, 'orderNumber')
    const [row] = await services.db.query<{ id: string; order_number: string; placed_at: unknown; customer_id: string | null; contact_email: string | null; anonymised_at: unknown }>(
      `SELECT id, order_number, placed_at, customer_id, contact_email, anonymised_at FROM order_forms WHERE status = 'placed' AND upper(order_number) = upper($1)`,
      [orderNumber],
    )
    if (!row) throw notFound('ORDER_NOT_FOUND', `no placed order ${orderNumber}`)
    const lines = await selectLines(services.db, row.id)
    const items = lines.map((l) => ({ sku: l.sku, quantity: l.quantity, price: centsToEuros(l.placed_price_cents ?? 0) }))
    return {
      orderNumber: row.order_number,
      placedAt: toIso(row.placed_at),
      customerId: row.customer_id,
      contactEmail: row.contact_email,
      anonymisedAt: row.anonymised_at ? toIso(row.anonymised_at) : null,
      items,
      total: centsToEuros(lines.reduce((sum, l) => sum + (l.placed_price_cents ?? 0) * l.quantity, 0)),
    }
  })
}

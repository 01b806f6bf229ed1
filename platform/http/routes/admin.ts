import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AdminSkuPatchBody, type AdminSkuAnswer } from '../../wire'
import { patchSku } from '../../catalog/admin'
import { PlatformError } from '../../lib/errors'
import { parse } from '../errors'
import type { Services } from '../services'

const digest = (text: string): Buffer => createHash('sha256').update(text).digest()

/** Compares digests so the comparison takes the same time whatever the guess. */
function tokenMatches(given: unknown, expected: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(expected))
}

const SkuParams = z.object({ sku: z.string().min(1).max(64) })

/** Operator endpoints, usable only when PLATFORM_ADMIN_TOKEN is configured. */
export function registerAdminRoutes(app: FastifyInstance, services: Services): void {
  app.patch('/api/admin/skus/:sku', async (request): Promise<AdminSkuAnswer> => {
    if (!services.adminToken) throw new PlatformError(403, 'ADMIN_DISABLED', 'the admin endpoint is disabled because PLATFORM_ADMIN_TOKEN is not set')
    if (!tokenMatches(request.headers['x-admin-token'], services.adminToken)) {
      throw new PlatformError(403, 'FORBIDDEN', 'header x-admin-token is missing or wrong')
    }
    const { sku } = parse(SkuParams, request.params, 'sku')
    const patch = parse(AdminSkuPatchBody, request.body, 'body')
    const answer = await patchSku(services.db, sku, patch)
    services.readCache.invalidate()
    return answer
  })
}

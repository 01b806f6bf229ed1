import type { FastifyInstance } from 'fastify'
import { z } from 'zod/v4'
import { notFound } from '../../lib/errors'
import { parse } from '../errors'
import type { Services } from '../services'

const DEFAULT_WIDTH = 600
const ImageQuery = z.object({ w: z.coerce.number().positive().max(100_000).optional() })
const ImageParams = z.object({ sku: z.string().min(1).max(64), file: z.string().max(20) })

/**
 * `GET /images/:sku/:n.webp?w=` — generated product pictures, cached for a year
 * (URLs never change content). They are public and shown by the storefront,
 * another origin (another site in production), so they carry a cross-origin
 * resource policy instead of the platform's same-site one.
 */
export function registerImageRoutes(app: FastifyInstance, services: Services): void {
  app.get('/images/:sku/:file', async (request, reply) => {
    const { sku, file } = parse(ImageParams, request.params, 'path')
    const match = /^([1-9]\d?)\.webp$/.exec(file)
    if (!match) throw notFound('UNKNOWN_IMAGE', `no image "${file}": expected <n>.webp`)
    const { w } = parse(ImageQuery, request.query, 'query')
    const buffer = await services.images.render(sku, Number(match[1]), w ?? DEFAULT_WIDTH)
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(buffer)
  })
}

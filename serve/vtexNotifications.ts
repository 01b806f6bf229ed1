/**
 * VTEX's catalog notifications, taken by the storefront server so that a price or stock change made in VTEX's
 * admin (or by an ERP through VTEX's APIs) reaches the pages through the catalog fast path, as the embedded
 * platform's changes do through POST /hooks/catalog (./webhooks.ts).
 *
 * VTEX tells an affiliate of the store about every change of a sku in its trade policy: Catalog POSTs one JSON
 * object per sku to the URL the merchant types as the affiliate's "Search endpoint" (Store Settings > Orders >
 * Settings > Affiliates), `{ IdSku, An, IdAffiliate, DateModified, IsActive, StockModified, PriceModified,
 * HasStockKeepingUnitModified, HasStockKeepingUnitRemovedFromAffiliate }` (VTEX's "Integration Guide - Consuming
 * catalog information for use in an External Service"; its example is
 * src/commerce/vtex/testing/notifications/vtexCatalogNotification.json).
 * VTEX signs nothing and sends no header of the merchant's choice, so the secret travels in that URL:
 * `POST /hooks/vtex/catalog?token=<VTEX_NOTIFICATION_TOKEN>` (or `/hooks/vtex/catalog/<token>`), compared in
 * constant time before the body is read (401 when missing or wrong).
 *
 * A notification is one sku; a bulk price import is thousands of them within seconds. Each is handed to the build
 * runner as a catalog change of that sku, which journals it (releases/journal.ts) before it is answered 202, so
 * what VTEX was told was taken survives a restart; the answer does not wait for anything else, so VTEX's senders
 * hold no connection open. The runner folds a burst into one build: the first request's build waits GATHER_MS
 * for the rest (the server runs it with that `gatherMs`), and those arriving while a build runs wait together
 * for one follow-up, as the platform's changes do.
 *
 * Refused, changing nothing: a browser's request (403), a body that is not JSON (415), over
 * VTEX_NOTIFICATION_BODY_LIMIT bytes (413, before it is read), not VTEX's notification or naming an id that is
 * not a plain sku id (400), or another account's (400). A body trickled in is cut by the server's request
 * time-out (http/limits.ts, 408). A sku the catalog does not list is taken like any other: the fast path
 * refuses it and the whole site is built, which is what takes a product's pages away.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/v4'
import { matchesSecret } from '../http/secret'
import { jsonError } from './errors'
import { isJsonBody, MIN_TOKEN_LENGTH, parseHookBody, PlainId, sentFromBrowser } from './webhooks'
import type { BuildRunner } from '../releases/runner'

export const VTEX_NOTIFICATION_PATH = '/hooks/vtex/catalog'
/** VTEX's notification is some 300 bytes; a few fields more than documented still fit. */
export const VTEX_NOTIFICATION_BODY_LIMIT = 4 * 1024
/**
 * How long a build asked for by a notification waits for the rest of its burst (releases/runner.ts' gatherMs). VTEX
 * sends a change of many skus as one request a sku, which arrive over a second or more; the wait is short beside
 * the rendering it saves.
 */
export const GATHER_MS = 2_000
/** BUILD_HOOK_TOKEN's: a shorter token is refused at start. */
export const MIN_NOTIFICATION_TOKEN_LENGTH = MIN_TOKEN_LENGTH
/** The longest path parameter the server's router takes (fastify's maxParamLength): a longer token in the path form would be a 404. */
export const MAX_NOTIFICATION_TOKEN_LENGTH = 100

/** VTEX's sku ids are numbers; any plain id the storefront's hook takes is accepted. */
const SkuId = z.union([PlainId, z.number().int().nonnegative().transform(String)])

/**
 * The notification as VTEX documents it. Only the sku and the account are required: the Broadcaster's own
 * type names nothing else, and VTEX has added fields over time (ProductId, SellerChain), so unknown ones pass.
 */
export const VtexCatalogNotification = z.looseObject({
  IdSku: SkuId,
  An: z.string().min(1).max(64),
  IdAffiliate: z.string().max(64).optional(),
  DateModified: z.string().max(64).optional(),
  IsActive: z.boolean().optional(),
  StockModified: z.boolean().optional(),
  PriceModified: z.boolean().optional(),
  HasStockKeepingUnitModified: z.boolean().optional(),
  HasStockKeepingUnitRemovedFromAffiliate: z.boolean().optional(),
})
export type VtexCatalogNotification = z.infer<typeof VtexCatalogNotification>

/**
 * Whether a notification can change a page. An inactive sku is on no page (Intelligent Search lists active skus
 * only), so its price or stock moving changes nothing; its deactivation itself comes flagged as a change of the
 * sku (`HasStockKeepingUnitModified`), and leaving the trade policy as `HasStockKeepingUnitRemovedFromAffiliate`.
 * Taking the rest would send every stock import of inactive skus to a full build (the fast path refuses a sku
 * the catalog does not list).
 */
export function changesPages(notification: VtexCatalogNotification): boolean {
  return notification.IsActive !== false || notification.HasStockKeepingUnitModified === true || notification.HasStockKeepingUnitRemovedFromAffiliate === true
}

export interface VtexNotificationOptions {
  /** VTEX_NOTIFICATION_TOKEN: the secret in the notification URL. */
  token: string
  /** VTEX_ACCOUNT: a notification naming another account is refused. */
  account: string
}

/** The notification options VTEX_NOTIFICATION_TOKEN and VTEX_ACCOUNT configure; null when the token is unset. Throws on a doubtful setting. */
export function vtexNotificationsFromEnv(env: NodeJS.ProcessEnv, buildHookToken: string | undefined): VtexNotificationOptions | null {
  const token = env.VTEX_NOTIFICATION_TOKEN?.trim()
  if (!token) return null
  if (!buildHookToken) throw new Error('VTEX_NOTIFICATION_TOKEN needs BUILD_HOOK_TOKEN: the notifications go to the builds the server runs')
  if (token.length < MIN_NOTIFICATION_TOKEN_LENGTH) throw new Error(`VTEX_NOTIFICATION_TOKEN must be at least ${MIN_NOTIFICATION_TOKEN_LENGTH} characters`)
  if (token.length > MAX_NOTIFICATION_TOKEN_LENGTH) throw new Error(`VTEX_NOTIFICATION_TOKEN must be at most ${MAX_NOTIFICATION_TOKEN_LENGTH} characters`)
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('VTEX_NOTIFICATION_TOKEN must be letters, digits, "-" and "_" only: it is written into a URL')
  // Written into VTEX's admin and into URLs that proxies log: it must open nothing else.
  if (token === buildHookToken) throw new Error('VTEX_NOTIFICATION_TOKEN must differ from BUILD_HOOK_TOKEN')
  const account = env.VTEX_ACCOUNT?.trim()
  if (!account) throw new Error('VTEX_NOTIFICATION_TOKEN needs VTEX_ACCOUNT: notifications of another account are refused')
  return { token, account }
}

/** A request URL with the notification token masked, for logs. */
export function redactedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/g, '$1…').replace(new RegExp(`^(${VTEX_NOTIFICATION_PATH}/)[^/?#]+`), '$1…')
}

export function registerVtexNotifications(app: FastifyInstance, runner: Pick<BuildRunner, 'request'>, options: VtexNotificationOptions): void {
  if (options.token.length < MIN_NOTIFICATION_TOKEN_LENGTH) throw new Error(`VTEX_NOTIFICATION_TOKEN must be at least ${MIN_NOTIFICATION_TOKEN_LENGTH} characters`)

  const guard = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (sentFromBrowser(request)) return jsonError(reply, 403, 'cross_site', 'a notification is not sent from a browser')
    const { token: inPath } = request.params as { token?: string }
    const { token: inQuery } = request.query as { token?: unknown }
    const given = inPath ?? (typeof inQuery === 'string' ? inQuery : undefined)
    // The same answer for a token missing and a wrong one: the URL is all VTEX sends, and it names no scheme.
    if (!matchesSecret(given, options.token)) return jsonError(reply, 401, 'unauthenticated', "the notification URL's token is missing or wrong")
    if (!isJsonBody(request.headers['content-type'])) return jsonError(reply, 415, 'unsupported_media_type', 'send application/json')
    return undefined
  }

  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const notification = parseHookBody(VtexCatalogNotification, reply, request.body, 'not a VTEX catalog notification')
    if (!notification) return reply
    if (notification.An.toLowerCase() !== options.account.toLowerCase()) {
      return jsonError(reply, 400, 'wrong_account', `the notification is for the account "${notification.An}", this storefront sells for "${options.account}"`)
    }
    if (!changesPages(notification)) return reply.code(200).header('cache-control', 'no-store').send({ ticket: null, reason: 'an inactive sku whose price or stock changed is on no page' })
    // Journaled before the answer (releases/runner.ts): what VTEX was told was taken survives a restart.
    const ticket = runner.request({ kind: 'catalog', items: [`sku:${notification.IdSku}`] })
    return reply.code(202).header('cache-control', 'no-store').send({ ticket })
  }

  const route = { bodyLimit: VTEX_NOTIFICATION_BODY_LIMIT, onRequest: guard }
  app.post(VTEX_NOTIFICATION_PATH, route, handle)
  app.post(`${VTEX_NOTIFICATION_PATH}/:token`, route, handle)
}

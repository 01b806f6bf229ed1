/**
 * The embedded backend's one way to the platform (platform/): a call over
 * HTTP whose answer is parsed against the platform's wire schemas before any
 * capability maps it, so a platform that answers something unexpected is a
 * 502, never a crash later on. Each capability file of this folder builds its
 * adapter over a `PlatformClient`.
 */
import { isIP } from 'node:net'
import type { z } from 'zod/v4'
import * as Wire from '../../../platform/wire'
import { CommerceError, OrderPlacedError, fromBackendStatus, backendTimeout, backendUnavailable } from '../errors'
import type { Cart, RequestContext } from '../../domain/types'
import { cookieHeader, keepIssuedCookies } from '../http/cookies'
import { toCart } from './mappers'
import { platformProxySecret } from './settings'
import { runtimeEnv } from '../runtimeEnv'
import { fetchTransport, nodeTransport, TransportTimeout, type TransportResponse } from '../http/transport'

/** The header the platform reads the storefront's proof from (STOREFRONT_PROOF_HEADER in platform/http/security.ts). */
export const STOREFRONT_PROOF_HEADER = 'x-storefront-proof'

export interface PlatformClientOptions {
  baseUrl: string
  /** Per-request limit, connection to last byte; a platform slower than this is a 504. Default 10 s. */
  timeoutMs?: number
  /** Sends requests through this instead of `node:http` (see ./transport.ts). */
  fetch?: typeof fetch
  /** Asks for every read afresh (`Cache-Control: no-cache`), past the platform's short-lived read cache: the build's reads. */
  freshReads?: boolean
  /**
   * The secret shared with the platform, sent with the shopper's address as the proof that this is the storefront;
   * default PLATFORM_PROXY_SECRET of the server the Functions run on, null sends none.
   */
  proxySecret?: string | null
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  ctx?: RequestContext
}

export interface PlatformClient {
  /** The platform's answer to one request, parsed by `schema`; its refusals and faults as `CommerceError`s. */
  call<S extends z.ZodType>(path: string, schema: S, options?: CallOptions): Promise<z.output<S>>
  /** An order form the platform answers, as a cart; 409 once it is placed, since a placed order is no cart to change. */
  orderForm(path: string, options: CallOptions): Promise<Cart>
}

/**
 * The guest-cart key's names the platform may issue: which one is the
 * platform's to decide, by the scheme of its public URL (`platformCookieNames`,
 * the one rule both sides follow), and the Functions relay it as issued. A
 * `__Host-` one is kept only when Secure, as a browser would (cookies.ts).
 */
const GUEST_CART_COOKIES = [Wire.platformCookieNames(false).cart, Wire.platformCookieNames(true).cart]

/** The platform path of an order form. */
export const formPath = (id: string) => `/api/orderforms/${encodeURIComponent(id)}`

/** How long a read whose connection dropped waits before it is asked once more. */
const RETRY_READ_AFTER_MS = 200

/** A connection closed or refused before an answer: the failures a second try can mend. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED'])
const droppedConnection = (cause: unknown): boolean => DROPPED.has(String((cause as { code?: unknown } | null)?.code))

/** A connection failure in words an operator can act on: the system's code where it gave one (ECONNRESET). */
function describeFailure(cause: unknown): string {
  const { message, code } = cause as { message?: unknown; code?: unknown }
  const text = typeof message === 'string' && message !== '' ? message : String(cause)
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text
}

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport
  const timeoutMs = options.timeoutMs ?? 10_000
  // Read when the Functions run, never at build time: the secret stays out of every bundle (runtimeEnv.ts).
  const proxySecret = options.proxySecret === undefined ? platformProxySecret(runtimeEnv()) : options.proxySecret

  async function call<S extends z.ZodType>(path: string, schema: S, { method = 'GET', body, ctx }: CallOptions = {}): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (options.freshReads && method === 'GET') headers['cache-control'] = 'no-cache'
    const cookie = ctx && cookieHeader(ctx)
    if (cookie) headers.cookie = cookie
    // The shopper's address, for the platform's limits per shopper: without it every shopper is the storefront. The
    // platform believes it only with the proof that this is the storefront, since any process on its host could
    // send the header; the secret goes only where an address does.
    if (ctx?.clientAddress && isIP(ctx.clientAddress)) {
      headers['x-forwarded-for'] = ctx.clientAddress
      if (proxySecret) headers[STOREFRONT_PROOF_HEADER] = proxySecret
    }

    const deadline = Date.now() + timeoutMs
    const send = (within: number) => transport(`${options.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), timeoutMs: within })
    // Messages name the route, never its query string: that holds what shoppers typed (an address, a position).
    const route = `${method} ${path.split('?')[0]}`
    let response: TransportResponse
    try {
      response = await send(timeoutMs).catch(async (cause: unknown) => {
        // A read whose connection dropped before any answer (a kept-alive socket the platform closed, a
        // platform restarting) is asked once more, within what is left of its time: it changes nothing, and a
        // build prerendering hundreds of listings must not fail on one dropped socket. A write is never sent
        // twice; a time-out or any other failure is not retried.
        const left = deadline - Date.now() - RETRY_READ_AFTER_MS
        if (method !== 'GET' || !droppedConnection(cause) || left < RETRY_READ_AFTER_MS) throw cause
        await new Promise((resolve) => setTimeout(resolve, RETRY_READ_AFTER_MS))
        return send(left)
      })
    } catch (cause) {
      if (cause instanceof TransportTimeout) throw backendTimeout(`commerce platform did not answer ${route} within ${timeoutMs} ms`)
      throw backendUnavailable(`commerce platform unreachable: ${route}: ${describeFailure(cause)}`)
    }

    // The guest-cart key of a new guest order form: the browser keeps it, later calls send it.
    if (ctx) keepIssuedCookies(ctx, response.setCookies, GUEST_CART_COOKIES)
    const payload: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = Wire.ApiError.safeParse(payload)
      const retryAfter = /^\d{1,6}$/.test(response.retryAfter ?? '') ? Number(response.retryAfter) : undefined
      throw fromBackendStatus(response.status, parsed.success ? parsed.data.error.message : `platform answered ${response.status}`, retryAfter)
    }
    const parsed = schema.safeParse(payload)
    if (!parsed.success) {
      throw new CommerceError(502, 'backend_error', `unexpected answer from ${method} ${path}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
    }
    return parsed.data
  }

  const orderForm = async (path: string, opts: CallOptions) => {
    const form = await call(path, Wire.OrderForm, opts)
    if (form.status !== 'open') throw new OrderPlacedError(form.id, form.orderNumber)
    return toCart(form)
  }

  return { call, orderForm }
}

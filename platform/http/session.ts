import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { GUEST_KEY_TTL_SECONDS } from '../cart/guest-key'
import type { Viewer } from '../cart/access'
import { PLATFORM_CART_COOKIE, PLATFORM_SESSION_COOKIE } from '../wire'
import { SESSION_TTL_SECONDS, type Customer, type Identity } from '../identity/customers'
import { PlatformError } from '../lib/errors'

const resolved = new WeakMap<FastifyRequest, Promise<Customer | null>>()

/** The customer whose session cookie came with the request, looked up once per request. */
export function currentCustomer(request: FastifyRequest, identity: Identity): Promise<Customer | null> {
  let pending = resolved.get(request)
  if (!pending) {
    const token = request.cookies[PLATFORM_SESSION_COOKIE]
    pending = token ? identity.customerForToken(token) : Promise.resolve(null)
    resolved.set(request, pending)
  }
  return pending
}

/** Who asks for an order form: the session's customer and the browser's guest-cart key. */
export async function viewerOf(request: FastifyRequest, identity: Identity): Promise<Viewer> {
  return { customerId: (await currentCustomer(request, identity))?.id ?? null, guestKey: request.cookies[PLATFORM_CART_COOKIE] ?? null }
}

/**
 * The guest-cart key, sent again with every new guest order form so it lasts
 * as long as the browser keeps making carts. Like the session cookie, it has
 * no Domain: the storefront's Functions, which keep it for the browser, and
 * this platform's checkout page both receive it.
 */
export function setGuestCartCookie(reply: FastifyReply, key: string, secure: boolean): void {
  void reply.setCookie(PLATFORM_CART_COOKIE, key, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: GUEST_KEY_TTL_SECONDS, secure })
}

export async function requireCustomer(request: FastifyRequest, identity: Identity): Promise<Customer> {
  const customer = await currentCustomer(request, identity)
  if (!customer) throw new PlatformError(401, 'NOT_LOGGED_IN', 'log in to use this endpoint')
  return customer
}

/**
 * Host-only cookie (no Domain), so it reaches every port of this host: the
 * storefront on another port receives it and forwards it to the platform.
 */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  void reply.setCookie(PLATFORM_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    secure,
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(PLATFORM_SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure })
}

/**
 * Logs out: closes the stored session (if any) and clears its cookie, and the
 * guest-cart key too, so the next guest on a shared computer starts with a
 * key of their own and never reaches the guest carts made before.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply, identity: Identity, secure: boolean): Promise<void> {
  const token = request.cookies[PLATFORM_SESSION_COOKIE]
  if (token) await identity.closeSession(token)
  clearSessionCookie(reply, secure)
  void reply.clearCookie(PLATFORM_CART_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure })
}

import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { GUEST_KEY_TTL_SECONDS } from '../cart/guest-key'
import type { Viewer } from '../cart/access'
import { SESSION_TTL_SECONDS, type Customer, type Session } from '../identity/customers'
import { PlatformError } from '../lib/errors'
import type { Services } from './services'

/** What reading and writing the session and guest-cart cookies needs: the customers, the deployment's cookie names, and whether they are Secure. */
export type CookieServices = Pick<Services, 'identity' | 'cookies' | 'secureCookies'>

const resolved = new WeakMap<FastifyRequest, Promise<Session | null>>()

/** The session whose cookie came with the request, looked up once per request. */
function sessionOf(request: FastifyRequest, services: Pick<CookieServices, 'identity' | 'cookies'>): Promise<Session | null> {
  let pending = resolved.get(request)
  if (!pending) {
    const token = request.cookies[services.cookies.session]
    pending = token ? services.identity.sessionForToken(token) : Promise.resolve(null)
    resolved.set(request, pending)
  }
  return pending
}

/** The customer whose session cookie came with the request. */
export async function currentCustomer(request: FastifyRequest, services: Pick<CookieServices, 'identity' | 'cookies'>): Promise<Customer | null> {
  return (await sessionOf(request, services))?.customer ?? null
}

/**
 * Every distinct guest-cart key the request carries under the deployment's
 * name, in the order the browser sent them. The platform sets one; another
 * origin of the host (a subdomain, for the parent domain) can add a second
 * beside it, but neither read nor replace the browser's own, and the browser
 * sends the planted one first when its path is longer.
 */
function guestKeysOf(request: FastifyRequest, services: Pick<CookieServices, 'cookies'>): string[] {
  const keys: string[] = []
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === services.cookies.cart) keys.push(part.slice(at + 1).trim())
  }
  return [...new Set(keys)]
}

/**
 * The guest-cart key the browser sent under the deployment's name, or null:
 * also when it sent two, since one of them was planted and nothing tells which
 * (a login then records no key, so its session claims no guest cart).
 */
export function guestKeyOf(request: FastifyRequest, services: Pick<CookieServices, 'cookies'>): string | null {
  const keys = guestKeysOf(request, services)
  return keys.length === 1 ? keys[0]! : null
}

/**
 * Who asks for an order form: the session's customer, the browser's guest-cart
 * key, and the hash of the key the session was opened with (a guest form bound
 * to that key is the only one the session may claim; see cart/access.ts). With
 * two keys the first opens what it opens, as before, but the session claims
 * nothing with them.
 */
export async function viewerOf(request: FastifyRequest, services: Pick<CookieServices, 'identity' | 'cookies'>): Promise<Viewer> {
  const session = await sessionOf(request, services)
  const keys = guestKeysOf(request, services)
  return {
    customerId: session?.customer.id ?? null,
    guestKey: keys[0] ?? null,
    sessionGuestKeyHash: keys.length > 1 ? null : (session?.guestKeyHash ?? null),
  }
}

/**
 * The guest-cart key, sent again with every new guest order form so it lasts
 * as long as the browser keeps making carts. Like the session cookie, it has
 * no Domain: the storefront's Functions, which keep it for the browser, and
 * this platform's checkout page both receive it.
 */
export function setGuestCartCookie(reply: FastifyReply, key: string, services: Pick<CookieServices, 'cookies' | 'secureCookies'>): void {
  void reply.setCookie(services.cookies.cart, key, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: GUEST_KEY_TTL_SECONDS, secure: services.secureCookies })
}

export async function requireCustomer(request: FastifyRequest, services: Pick<CookieServices, 'identity' | 'cookies'>): Promise<Customer> {
  const customer = await currentCustomer(request, services)
  if (!customer) throw new PlatformError(401, 'NOT_LOGGED_IN', 'log in to use this endpoint')
  return customer
}

/**
 * Host-only cookie (no Domain), so it reaches every port of this host: the
 * storefront on another port receives it and forwards it to the platform.
 */
export function setSessionCookie(reply: FastifyReply, token: string, services: Pick<CookieServices, 'cookies' | 'secureCookies'>): void {
  void reply.setCookie(services.cookies.session, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    secure: services.secureCookies,
  })
}

/** The session token the request carries, or undefined. */
export function sessionTokenOf(request: FastifyRequest, services: Pick<CookieServices, 'cookies'>): string | undefined {
  return request.cookies[services.cookies.session]
}

/**
 * Logs out: closes the stored session (if any) and clears its cookie, and the
 * guest-cart key too, so the next guest on a shared computer starts with a
 * key of their own and never reaches the guest carts made before.
 */
export async function endSession(request: FastifyRequest, reply: FastifyReply, services: CookieServices): Promise<void> {
  const token = sessionTokenOf(request, services)
  if (token) await services.identity.closeSession(token)
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure: services.secureCookies } as const
  void reply.clearCookie(services.cookies.session, options)
  void reply.clearCookie(services.cookies.cart, options)
}


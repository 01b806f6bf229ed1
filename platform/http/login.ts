import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Customer } from '../identity/customers'
import { LoginGuard } from '../identity/login-guard'
import { guestKeyOf, sessionTokenOf, setSessionCookie } from './session'
import type { Services } from './services'

/**
 * Logs in with email and password, for the JSON endpoint and the login page
 * alike. Null for every failure (unknown email, wrong password, too many
 * failures for the account or the address), so the caller answers one message
 * whatever the reason. On success the session id changes: the request's old
 * session is closed and a new one opened (no session fixation).
 */
export async function logIn(request: FastifyRequest, reply: FastifyReply, services: Services, email: string, password: string): Promise<Customer | null> {
  const guard = new LoginGuard(services.db)
  if (await guard.blocked(email, request.ip)) return null
  const customer = await services.identity.authenticate(email, password)
  if (!customer) {
    await guard.failed(email, request.ip)
    return null
  }
  await guard.succeeded(email)
  const previous = sessionTokenOf(request, services)
  if (previous) await services.identity.closeSession(previous)
  // The session records the guest-cart key this browser holds: the guest carts it may claim.
  setSessionCookie(reply, await services.identity.openSession(customer.id, guestKeyOf(request, services)), services)
  return customer
}

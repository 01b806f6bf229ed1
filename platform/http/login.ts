import type { FastifyReply, FastifyRequest } from 'fastify'
import { normaliseEmail, type Customer } from '../identity/customers'
import { KNOWN_DEVICE_TTL_SECONDS } from '../identity/known-devices'
import { clientKey, LOGIN_THROTTLE, type Counter } from '../identity/throttle'
import { TooManyAttempts } from '../lib/errors'
import { guestKeyOf, sessionTokenOf, setSessionCookie } from './session'
import type { Services } from './services'

/** How a login ended: the customer, a failure (one answer whatever the reason), or a wait the client must honour first. */
export type LoginOutcome = { customer: Customer } | { customer: null; retryAfterSeconds: number | null }

/** The 429 of the JSON endpoint for a client that must wait. */
export const tooManyLogins = (retryAfterSeconds: number) =>
  new TooManyAttempts('TOO_MANY_ATTEMPTS', `too many failed logins from this client; retry after ${retryAfterSeconds} s`, retryAfterSeconds)

/**
 * Logs in with email and password, for the JSON endpoint and the login page
 * alike. Every failure (unknown email, wrong password) is one answer, whatever
 * the reason. Failures slow their source down (LOGIN_THROTTLE): a client that
 * must wait gets its wait, and no password is checked. Every attempt is
 * charged before its password is checked, in one transaction that creates and
 * locks its counters first (throttle.ts), and given back when it succeeds, so
 * attempts sent all at once cannot pass a count none of them has raised yet.
 * An attempt carrying a known-device token of this account counts only that
 * device's failures; any other counts on its (account, client) pair, its
 * client and its account. On success the session id changes (no session
 * fixation): the request's old session is closed and a new one opened,
 * recording the guest-cart key this browser holds; and the browser becomes a
 * known device of the account.
 */
export async function logIn(request: FastifyRequest, reply: FastifyReply, services: Services, email: string, password: string): Promise<LoginOutcome> {
  const { throttle, knownDevices: devices } = services
  const account = normaliseEmail(email)
  const client = clientKey(request.ip)
  const device = await devices.recognise(request.cookies[services.cookies.device], account)
  const pair: Counter = { key: `login:pair:${account} ${client}`, rule: LOGIN_THROTTLE.pair }
  const counters: Counter[] = device
    ? [{ key: `login:device:${device}`, rule: LOGIN_THROTTLE.device }]
    : [pair, { key: `login:ip:${client}`, rule: LOGIN_THROTTLE.address }, { key: `login:account:${account}`, rule: LOGIN_THROTTLE.account }]
  const wait = await throttle.attempt(counters)
  if (wait > 0) return { customer: null, retryAfterSeconds: wait }
  const customer = await services.identity.authenticate(email, password)
  if (!customer) return { customer: null, retryAfterSeconds: null }
  // This client proved itself at this account: its own failures there are forgotten, the shared counts get this attempt back.
  await throttle.clear(device ? counters : [pair])
  if (!device) await throttle.takeBack(counters.slice(1))
  const previous = sessionTokenOf(request, services)
  if (previous) await services.identity.closeSession(previous)
  // The session records the guest-cart key this browser holds: the guest carts it may claim.
  setSessionCookie(reply, await services.identity.openSession(customer.id, guestKeyOf(request, services)), services)
  if (!device) {
    void reply.setCookie(services.cookies.device, await devices.remember(customer.id), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: KNOWN_DEVICE_TTL_SECONDS,
      secure: services.secureCookies,
    })
  }
  return { customer }
}

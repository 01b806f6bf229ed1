/**
 * Who is logged in, from VTEX ID's authentication cookie as the browser sent
 * it (`VtexIdclientAutCookie_{account}`), read through Session Manager. The
 * customer id every identity and favourite-store operation acts on comes from
 * here and from nowhere else: never from an argument, a body or a document.
 *
 * VTEX ID sets its cookie on the store's secure domain for a domain the
 * storefront shares, so it cannot take a `__Host-` name, and any sibling
 * subdomain can plant one (cookie tossing): a planted token would make the
 * shopper act in the planter's account, and Checkout would hand the planter
 * the shopper's cart. So the cookie counts only beside its companion,
 * `__Host-vtex-login`, which this host alone can set and sets only when a
 * login comes back through the storefront (./login.ts): a digest of the
 * customer and one of the token. A token without it, or with another token's,
 * is a guest's and never reaches VTEX; one VTEX ID renewed for the same
 * customer is bound again. The digests need no key: what guards the companion
 * is that no other origin can set it, and neither digest tells the token.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod/v4'
import type { Person, RequestContext } from '../../domain/types'
import { CommerceError } from '../errors'
import { heldCookieValues, issueCookie } from '../http/cookies'
import { read } from './read'
import type { VtexClient } from './client'

const Value = z.object({ value: z.string() }).optional()
const Session = z.object({
  namespaces: z
    .object({
      profile: z.object({ isAuthenticated: Value, id: Value, email: Value, firstName: Value, lastName: Value }).loose().optional(),
    })
    .loose()
    .optional(),
})

const SESSION_ITEMS = 'profile.isAuthenticated,profile.id,profile.email,profile.firstName,profile.lastName'

/** The VTEX ID cookie's name for the account: without it a request is a guest's, and Session Manager is not asked. */
export const authCookieName = (account: string) => `VtexIdclientAutCookie_${account}`

/** The companion of VTEX ID's cookie: the login this host saw come back (./login.ts). */
export const LOGIN_COOKIE = '__Host-vtex-login'
/** As long as the storefront's other cookies: it opens nothing once VTEX ID's token is gone or replaced. */
const LOGIN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

const digest = (text: string) => createHash('sha256').update(text).digest('base64url')
/** The companion's part that names the token. */
export const tokenTag = (account: string, token: string) => digest(`vtex-login token\n${account}\n${token}`)
/** The companion's part that names the customer the token was for. */
const customerTag = (account: string, customerId: string) => digest(`vtex-login customer\n${account}\n${customerId}`)
const sameTag = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The non-empty values the browser holds under VTEX ID's cookie for the account: one, none, or more (one of them planted). */
export function authTokens(ctx: RequestContext, account: string): string[] {
  return heldCookieValues(ctx, authCookieName(account)).filter((value) => value !== '')
}

function companionOf(ctx: RequestContext): { customer: string; token: string } | null {
  const values = heldCookieValues(ctx, LOGIN_COOKIE)
  const match = values.length === 1 ? /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(values[0]!) : null
  return match ? { customer: match[1]!, token: match[2]! } : null
}

/** VTEX ID's token when the browser holds it once, beside its companion: the login this host saw. Null otherwise. */
export function boundAuthToken(ctx: RequestContext, account: string): string | null {
  const tokens = authTokens(ctx, account)
  const companion = companionOf(ctx)
  return tokens.length === 1 && companion && sameTag(companion.token, tokenTag(account, tokens[0]!)) ? tokens[0]! : null
}

/** The Cookie header of VTEX ID's bound token and its companion alone, or undefined when the login is not bound. */
export function loginCookies(ctx: RequestContext, account: string): string | undefined {
  const token = boundAuthToken(ctx, account)
  return token === null ? undefined : `${authCookieName(account)}=${token}; ${LOGIN_COOKIE}=${heldCookieValues(ctx, LOGIN_COOKIE)[0]}`
}

/** Issues the companion binding `token` to `customerId` in the request's jar, for the rest of the request and the browser. */
export function bindLogin(ctx: RequestContext, account: string, token: string, customerId: string): void {
  const value = `${customerTag(account, customerId)}.${tokenTag(account, token)}`
  issueCookie(ctx, { name: LOGIN_COOKIE, value, maxAgeSeconds: LOGIN_MAX_AGE_SECONDS, secure: true })
}

/** Clears the companion on the browser. */
function forgetLogin(ctx: RequestContext): void {
  issueCookie(ctx, { name: LOGIN_COOKIE, value: '', maxAgeSeconds: 0, secure: true })
}

/** The claims of VTEX ID's token this storefront reads: it is a JWT naming the account it was issued for. */
const TokenClaims = z.looseObject({ account: z.string().optional() })

/** The account a VTEX ID token names, or null when it is no JWT naming one. */
export function tokenAccount(token: string): string | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    return TokenClaims.safeParse(JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'))).data?.account ?? null
  } catch {
    return null
  }
}

/**
 * Session Manager's person for VTEX ID's `token` alone, sent as it is: what a login is checked against before it
 * is bound. A token issued for another account is no one here, whatever Session Manager would say.
 */
export async function personOfToken(client: VtexClient, token: string): Promise<Person | null> {
  const issuedFor = tokenAccount(token)
  if (issuedFor !== null && issuedFor !== client.settings.account) return null
  return readPerson(client, { headers: { cookie: `${authCookieName(client.settings.account)}=${token}` } })
}

async function readPerson(client: VtexClient, options: Parameters<VtexClient['call']>[1]): Promise<Person | null> {
  const answer = await client.call(`/api/sessions?items=${SESSION_ITEMS}`, options)
  const profile = read(Session, answer.body, 'session').namespaces?.profile
  if (profile?.isAuthenticated?.value !== 'true' || !profile.id?.value || !profile.email?.value) return null
  return { id: profile.id.value, email: profile.email.value, givenName: profile.firstName?.value ?? '', familyName: profile.lastName?.value ?? '' }
}

/**
 * The logged-in person behind the request's cookie, or null for a guest. A browser that holds the companion and no
 * VTEX ID cookie any more logged out at VTEX: the companion is cleared too.
 */
export async function sessionPerson(client: VtexClient, ctx: RequestContext): Promise<Person | null> {
  const account = client.settings.account
  const tokens = authTokens(ctx, account)
  const companion = companionOf(ctx)
  if (tokens.length === 0 && heldCookieValues(ctx, LOGIN_COOKIE).some((value) => value !== '')) forgetLogin(ctx)
  if (tokens.length !== 1 || !companion) return null
  const token = tokens[0]!
  if (sameTag(companion.token, tokenTag(account, token))) return readPerson(client, { ctx })
  // Another token than the one bound: VTEX ID renews its token on the store's own pages, and the same customer
  // keeps their login; anyone else's token is a guest's.
  const person = await personOfToken(client, token)
  if (!person || !sameTag(companion.customer, customerTag(account, person.id))) return null
  bindLogin(ctx, account, token, person.id)
  return person
}

/** The logged-in customer's id, or 401 for a guest. */
export async function customerId(client: VtexClient, ctx: RequestContext): Promise<string> {
  const person = await sessionPerson(client, ctx)
  if (!person) throw new CommerceError(401, 'unauthorized', 'log in first')
  return person.id
}

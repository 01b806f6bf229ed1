/**
 * A login on VTEX's page, bound to this storefront as it comes back (./session.ts says why VTEX ID's cookie counts
 * only beside its companion). The shopper's "Accedi" goes through the storefront on the way out and on the way back:
 *
 * 1. `start` (GET /api/account/login?returnUrl=…): a state (a random nonce, and a digest of any VTEX ID token the
 *    browser already holds unbound) goes into `__Host-vtex-login-state`; that unbound token, which this storefront
 *    treats as no one's, is cleared on the browser, for this host and each parent domain, so VTEX's login page
 *    cannot pass a planted one through as a login; the browser goes to VTEX's `/login` with a returnUrl back to
 *    `finish`, carrying the nonce.
 * 2. `finish` (GET /api/account/loginReturn?state=…&returnUrl=…): only with the nonce of this browser's own state
 *    cookie, which no other origin can set or read, and VTEX ID's cookie held once, a token other than the one
 *    seen at the start, not issued for another account, that Session Manager says is a customer's: then the
 *    companion binds it. Anything else leaves the shopper a guest. Either way the browser goes back to the page.
 *
 * A page of another site may send a browser to either address: `start` logs no one out (a bound login is left as
 * it is) and `finish` binds nothing without this browser's nonce.
 */
import { randomBytes } from 'node:crypto'
import type { IssuedCookie, RequestContext } from '../../domain/types'
import type { IdentityAdapter, LoginRequest } from '../capabilities/identity'
import { CommerceError } from '../errors'
import { matchesSecret } from '../../../http/secret'
import { heldCookieValues, issueCookie } from '../http/cookies'
import type { VtexClient } from './client'
import { authTokens, bindLogin, boundAuthToken, personOfToken, tokenTag } from './session'

export const LOGIN_STATE_COOKIE = '__Host-vtex-login-state'
/** Long enough to type a password, and to register. */
const STATE_MAX_AGE_SECONDS = 30 * 60
/** Where the login comes back to: the Function of src/api/account/loginReturn.ts. */
export const LOGIN_RETURN_PATH = '/api/account/loginReturn'
/** The names VTEX ID gives its cookies: by account name, and by account id. */
const VTEX_ID_COOKIE = /^VtexIdclientAutCookie_[A-Za-z0-9_-]{1,64}$/

/**
 * Where to send the shopper: an address of the storefront or of the store's secure domain, a relative one read as
 * VTEX's login page would read it (a path of the secure domain); anything else is the storefront's home.
 */
export function returnAddress(returnUrl: string | undefined, ownOrigin: string, storeUrl: string): string {
  const home = `${ownOrigin}/`
  if (!returnUrl) return home
  try {
    const url = new URL(returnUrl, `${storeUrl}/login`)
    return url.origin === ownOrigin || url.origin === new URL(storeUrl).origin ? url.toString() : home
  } catch {
    return home
  }
}

/** The domains a cookie for `host` may have been set for: the host itself and each parent of two labels or more. */
export function cookieDomains(host: string): string[] {
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return []
  const labels = host.split('.')
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))
}

const cleared = (name: string, domain?: string): IssuedCookie => ({ name, value: '', maxAgeSeconds: 0, secure: true, ...(domain ? { domain } : {}) })

export function vtexLogin(client: VtexClient): NonNullable<IdentityAdapter['login']> {
  const { account, storeUrl } = client.settings

  return {
    /** Sets the state and clears an unbound VTEX ID cookie (in `ctx.issued`); answers VTEX's login page to send the browser to. */
    async start(request: LoginRequest, ctx: RequestContext): Promise<string> {
      const nonce = randomBytes(24).toString('base64url')
      const unbound = boundAuthToken(ctx, account) === null ? authTokens(ctx, account) : []
      const seen = unbound.length === 1 ? tokenTag(account, unbound[0]!) : ''
      issueCookie(ctx, { name: LOGIN_STATE_COOKIE, value: `${nonce}.${seen}`, maxAgeSeconds: STATE_MAX_AGE_SECONDS, secure: true })
      if (unbound.length > 0) {
        const names = new Set((ctx.cookie ?? '').split(';').map((part) => part.slice(0, Math.max(0, part.indexOf('='))).trim()).filter((name) => VTEX_ID_COOKIE.test(name)))
        const host = new URL(request.ownOrigin).hostname
        // One name cleared for the host and for each parent domain: several cookies of the same name, all kept.
        for (const name of names) ctx.issued!.push(cleared(name), ...cookieDomains(host).map((domain) => cleared(name, domain)))
      }
      const back = new URL(LOGIN_RETURN_PATH, request.ownOrigin)
      back.searchParams.set('state', nonce)
      back.searchParams.set('returnUrl', returnAddress(request.returnUrl, request.ownOrigin, storeUrl))
      const login = new URL(`${storeUrl}/login`)
      login.searchParams.set('returnUrl', back.toString())
      return login.toString()
    },

    /** Binds the login when it is this browser's own (the companion in `ctx.issued`); answers the page to go back to. */
    async finish(state: string | undefined, request: LoginRequest, ctx: RequestContext): Promise<string> {
      const page = returnAddress(request.returnUrl, request.ownOrigin, storeUrl)
      const [held, ...more] = heldCookieValues(ctx, LOGIN_STATE_COOKIE)
      issueCookie(ctx, cleared(LOGIN_STATE_COOKIE))
      const [nonce = '', seen = ''] = (held ?? '').split('.')
      if (more.length > 0 || nonce === '' || !matchesSecret(state, nonce)) return page
      const tokens = authTokens(ctx, account)
      // Two values of the cookie: one is planted, and nothing tells which.
      if (tokens.length !== 1) return page
      const token = tokens[0]!
      // The token the browser held before this login began: not one this login gave.
      if (seen !== '' && seen === tokenTag(account, token)) return page
      try {
        const person = await personOfToken(client, token)
        if (person) bindLogin(ctx, account, token, person.id)
      } catch (error) {
        // VTEX not answering leaves the shopper a guest, on the page they were on: a login tried again binds.
        if (!(error instanceof CommerceError)) throw error
      }
      return page
    },
  }
}

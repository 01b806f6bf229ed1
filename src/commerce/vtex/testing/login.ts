/**
 * A seed customer's login as a shopper's browser makes it: out through the storefront (`login.start`), VTEX ID's
 * cookie from the login on the store's domain (the simulator's), back through the storefront (`login.finish`),
 * which binds it. Answers the browser's context afterwards: VTEX ID's cookie and its companion, and what the
 * browser held before (its order-form cookies, in `issued`).
 */
import type { RequestContext } from '../../../domain/types'
import type { IdentityAdapter } from '../../capabilities/identity'
import { LOGIN_STATE_COOKIE } from '../login'
import { LOGIN_COOKIE } from '../session'
import type { VtexSimulator } from './simulator'

export const STOREFRONT_ORIGIN = 'https://shop.example.it'

export async function logIn(vtex: Pick<VtexSimulator, 'authCookieFor'>, login: NonNullable<IdentityAdapter['login']>, email: string, browser: RequestContext = {}, token?: string): Promise<RequestContext> {
  const request = { returnUrl: `${STOREFRONT_ORIGIN}/`, ownOrigin: STOREFRONT_ORIGIN }
  const leaving: RequestContext = { ...(browser.cookie ? { cookie: browser.cookie } : {}) }
  const page = new URL(await login.start(request, leaving))
  const state = new URL(page.searchParams.get('returnUrl')!).searchParams.get('state') ?? undefined
  const held = leaving.issued!.find((cookie) => cookie.name === LOGIN_STATE_COOKIE)!
  const auth = vtex.authCookieFor(email, token)
  const back: RequestContext = { cookie: `${auth}; ${LOGIN_STATE_COOKIE}=${held.value}` }
  await login.finish(state, request, back)
  const companion = back.issued?.find((cookie) => cookie.name === LOGIN_COOKIE)
  if (!companion) throw new Error(`the login of ${email} was not bound`)
  return { cookie: `${auth}; ${LOGIN_COOKIE}=${companion.value}`, issued: browser.issued }
}

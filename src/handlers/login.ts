/**
 * The way out to the platform's login page and the way back: on a platform whose login counts only
 * once it comes back through the storefront (VTEX, src/commerce/vtex/login.ts). Both are addresses a browser is
 * sent to, so they answer a 303 to the next address, with the cookies the adapter issued; a platform without such
 * a login answers 404.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import { getCommerce } from '../commerce'
import { CommerceError, notFound } from '../commerce/errors'
import { requireMethod } from './http'
import type { RequestContext } from '../domain/types'
import { contextOf, setIssuedCookies } from './cookies'
import { sendError } from './errorAnswer'
import { ownOrigin, trustedOrigins } from './guard'

type Step = (login: NonNullable<ReturnType<typeof getCommerce>['identity']['login']>, query: Record<string, unknown>, ownOrigin: string, ctx: RequestContext) => Promise<string>

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/**
 * The origin the shopper's browser is on, which the way back and the page to return to must name: the one the
 * request was sent to, or, behind a proxy that rewrites Host (SITE_ORIGINS lists the public origins), the listed
 * origin of the page the shopper came from, else the first listed.
 */
export function shopperOrigin(own: string | null, returnUrl: string | undefined, listed: string[] = trustedOrigins()): string | null {
  if (listed.length === 0 || (own !== null && listed.includes(own))) return own
  let asked: string | null = null
  try {
    asked = returnUrl ? new URL(returnUrl).origin : null
  } catch {
    asked = null
  }
  return asked !== null && listed.includes(asked) ? asked : (listed[0] ?? own)
}

function loginStep(step: Step) {
  return async (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store')
    const ctx = contextOf(req)
    try {
      requireMethod(req, res, 'GET')
      const login = getCommerce().identity.login
      if (!login) throw notFound('the login is the platform’s own page')
      const origin = shopperOrigin(ownOrigin(req), text(req.query?.returnUrl))
      if (!origin) throw new CommerceError(400, 'bad_request', 'the request names no host')
      const location = await step(login, (req.query ?? {}) as Record<string, unknown>, origin, ctx)
      setIssuedCookies(res, ctx)
      res.redirect(303, location)
    } catch (error) {
      setIssuedCookies(res, ctx)
      sendError(res, error, req.url)
    }
  }
}

/** GET /api/account/login?returnUrl=… — to the platform's login page, which comes back to loginReturn. */
export const startLogin = loginStep((login, query, origin, ctx) => login.start({ returnUrl: text(query.returnUrl), ownOrigin: origin }, ctx))

/** GET /api/account/loginReturn?state=…&returnUrl=… — the login bound when it is this browser's own, then back to the page. */
export const finishLogin = loginStep((login, query, origin, ctx) => login.finish(text(query.state), { returnUrl: text(query.returnUrl), ownOrigin: origin }, ctx))

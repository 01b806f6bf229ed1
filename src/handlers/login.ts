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
import { ownOrigin } from './guard'

type Step = (login: NonNullable<ReturnType<typeof getCommerce>['identity']['login']>, query: Record<string, unknown>, ownOrigin: string, ctx: RequestContext) => Promise<string>

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function loginStep(step: Step) {
  return async (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store')
    const ctx = contextOf(req)
    try {
      requireMethod(req, res, 'GET')
      const login = getCommerce().identity.login
      if (!login) throw notFound('the login is the platform’s own page')
      const origin = ownOrigin(req)
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

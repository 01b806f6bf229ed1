/**
 * The cookies between the browser and the platform: the request's cookie
 * header goes to the platform as it came, and the cookies the platform issued
 * while the Function ran come back to the browser.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import type { IssuedCookie, RequestContext } from '../domain/types'

/**
 * The request's context: its cookie header, and the shopper's address (`ip`,
 * which the production server and express both give a request; the socket's
 * otherwise), which the platform's limits count failed tries by.
 */
export function contextOf(req: GatsbyFunctionRequest): RequestContext {
  const cookie = req.headers.cookie
  const ip = (req as { ip?: unknown }).ip
  const clientAddress = typeof ip === 'string' && ip ? ip : req.socket?.remoteAddress
  return { ...(typeof cookie === 'string' && cookie ? { cookie } : {}), ...(clientAddress ? { clientAddress } : {}) }
}

/**
 * Sets on the browser the cookies the platform issued while the Function ran
 * (the key binding a new guest cart to this browser): HttpOnly, so no script
 * can read it; SameSite=Lax, so no other site's request carries it; for every
 * path, so every Function forwards it. Host-only, like the platform's session
 * cookie, which is how the platform's checkout page receives it too. `own`
 * are cookies of the storefront's own, set the same way.
 */
export function setIssuedCookies(res: GatsbyFunctionResponse, ctx: RequestContext, own: readonly IssuedCookie[] = []): void {
  const cookies = [...(ctx.issued ?? []), ...own]
  if (cookies.length) res.setHeader('Set-Cookie', cookies.map(serializeCookie))
}

/** Every value of the cookie `name` in a Cookie header, in the order sent (a second one was planted by a sibling origin). */
export { cookieValues } from '../commerce/http/cookies'

export function serializeCookie(cookie: IssuedCookie): string {
  return `${cookie.name}=${cookie.value}; Path=/; Max-Age=${cookie.maxAgeSeconds}; HttpOnly; SameSite=Lax${cookie.secure ? '; Secure' : ''}${cookie.domain ? `; Domain=${cookie.domain}` : ''}`
}

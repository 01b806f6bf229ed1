/**
 * The product page's add-to-cart form, posted by a browser that runs no
 * JavaScript (req CART-30, ROUTE-07). It makes the add the JSON path makes,
 * through the same cart adapter and with the same cookies, and answers with a
 * page: 303 to /added-to-cart?skuId= once the line is in the cart, 303 back to
 * the product page with the reason as its fragment when the platform refused
 * the line or could not be reached. A request the guard refuses, or a form
 * that does not parse, answers the Functions' JSON error: no page of this
 * site sends either.
 *
 * Which cart: a browser without JavaScript keeps its cart nowhere but here,
 * so the order form its first add started is named by a cookie of the
 * storefront's (`ORDER_FORM_COOKIE`, HttpOnly, SameSite=Lax; `__Host-` over
 * https, like the platform's) and the next adds go to it; one that went stale
 * (placed, gone, another customer's) gives way to a fresh order form, as in
 * validation.
 *
 * Another origin of the host can plant cookies on the browser but read none of
 * it: the cookie names its order form only together with the guest-cart key the
 * browser holds, sealed with that key (`sealFor`), so a value the planter brings
 * from a browser of their own is followed only where their key is the one
 * held. A key planted beside the browser's own (two in one request) leaves no
 * way to tell whose cart is whose, and the form adds nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import { getCommerce } from '../commerce'
import type { CartAdapter } from '../commerce/capabilities'
import { CommerceError, badRequest } from '../commerce/errors'
import { requireMethod } from './http'
import { addToCartOutcome, paths } from '../config/paths'
import { checkoutHref } from '../config/shop'
import { attachmentsOf, subscriptionAttachment } from '../domain/cart'
import type { Cart, IssuedCookie, LineInput, RequestContext } from '../domain/types'
import { sitePath } from '../domain/url'
import { OrderFormId } from '../wire/inputs'
import { formRoutes } from '../wire/routes'
import { contextOf, cookieValues, setIssuedCookies } from './cookies'
import { sendError } from './errorAnswer'
import { guardFormPost, ownOrigin } from './guard'
import { parse } from './input'
import { reportFunctionError } from './report'

/** Names the order form a browser without JavaScript adds to (`__Host-order_form` over https). */
export const ORDER_FORM_COOKIE = 'order_form'

/** As long as the guest-cart key the platform issues with it. */
const ORDER_FORM_COOKIE_MAX_AGE = 30 * 24 * 60 * 60

/**
 * The cookie's name on this request's transport. Over https it is a `__Host-` one, which a browser keeps only when
 * Secure, for Path=/ and without Domain, so no subdomain or plain-http page of the host can set it; the plain name,
 * which they can, is not read there.
 */
function orderFormCookie(req: GatsbyFunctionRequest): { name: string; secure: boolean } {
  const secure = ownOrigin(req)?.startsWith('https:') ?? false
  return { name: secure ? `__Host-${ORDER_FORM_COOKIE}` : ORDER_FORM_COOKIE, secure }
}

export async function addFromForm(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader('Cache-Control', 'no-store')
  const ctx = contextOf(req)
  const own: IssuedCookie[] = []
  try {
    requireMethod(req, res, 'POST')
    guardFormPost(req)
    const form = parse(formRoutes['cart/add'].body, readForm(req.body), 'body')
    const back = sitePath(form.from)?.split(/[?#]/)[0]
    if (!back) throw badRequest('invalid body: from must be a path of this site')
    const line: LineInput = {
      sku: form.skuId,
      seller: '1',
      quantity: form.quantity,
      attachments: form.frequency ? attachmentsOf([subscriptionAttachment(form.frequency)]) : [],
    }
    const carts = getCommerce().cart
    const cookie = orderFormCookie(req)
    const remember = (id: string) => {
      const held = keyHeld(carts, ctx)
      if (held === PLANTED) return
      own.splice(0, own.length, { name: cookie.name, value: sealFor(id, held), maxAgeSeconds: ORDER_FORM_COOKIE_MAX_AGE, secure: cookie.secure })
    }
    let location: string
    try {
      const named = browserOrderForm(carts, ctx, cookie.name)
      // Two guest-cart keys: one was planted beside the browser's own, and any cart this add reached could be the planter's.
      if (named === PLANTED) location = `${back}#${addToCartOutcome.unreachable}`
      else {
        const cart = await addToBrowserCart(carts, named, line, ctx, remember)
        location = holds(cart, form.skuId) ? `${paths.addedToCart(form.skuId)}#${addToCartOutcome.added}` : `${back}#${addToCartOutcome.refused}`
      }
    } catch (error) {
      if (!(error instanceof CommerceError)) throw error
      if (error.status >= 500) reportFunctionError(error, req.url ?? '/api/cart/add')
      location = `${back}#${error.status >= 500 ? addToCartOutcome.unreachable : addToCartOutcome.refused}`
    }
    setIssuedCookies(res, ctx, own)
    res.redirect(303, location)
  } catch (error) {
    setIssuedCookies(res, ctx, own)
    sendError(res, error, req.url)
  }
}

/**
 * GET /api/cart/checkout: the way to the checkout for a browser without JavaScript, linked from the landing of
 * its add. The order form its cookie names goes to the checkout as the JavaScript path sends it (req ROUTE-12);
 * with none, or one the platform no longer lets this browser have, the shopper lands on the home page rather
 * than on someone else's or an empty checkout. It changes nothing, so it is a plain link.
 */
export async function checkoutFromForm(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader('Cache-Control', 'no-store')
  const ctx = contextOf(req)
  try {
    requireMethod(req, res, 'GET')
    const named = browserOrderForm(getCommerce().cart, ctx, orderFormCookie(req).name)
    let location = '/'
    if (named !== null && named !== PLANTED) {
      try {
        const cart = await getCommerce().cart.get(named, ctx)
        if (cart.items.length > 0) location = checkoutHref(cart.id)
      } catch (error) {
        if (!(error instanceof CommerceError)) throw error
        if (error.status >= 500) throw error
      }
    }
    setIssuedCookies(res, ctx, [])
    res.redirect(303, location)
  } catch (error) {
    setIssuedCookies(res, ctx, [])
    sendError(res, error, req.url)
  }
}

/** A request holding more than one guest-cart key: one of them was planted, and nothing tells which. */
const PLANTED = Symbol('planted')

/** The guest-cart key the browser holds once this request is answered, null for none (or a backend that binds by cookies of its own alone). */
function keyHeld(carts: CartAdapter, ctx: RequestContext): string | null | typeof PLANTED {
  const keys = carts.browserKeys?.(ctx) ?? []
  if (keys.length > 1) return PLANTED
  return keys[0] ?? null
}

/**
 * The cookie's value for the order form `id`: the id and, when the browser holds a guest-cart key, an HMAC of the id
 * under that key. The key is the one secret a planter lacks (HttpOnly, never in an answer), so only this browser's
 * requests could have had the value issued, and a value issued to another browser verifies only beside that
 * browser's key. A logged-in shopper's browser holding no key gets the id alone: only their session opens that cart.
 */
function sealFor(id: string, key: string | null): string {
  return key === null ? id : `${id}.${seal(id, key)}`
}

const seal = (id: string, key: string) => createHmac('sha256', key).update(`order_form ${id}`).digest('base64url')

/** The order form a value of the cookie names, when it was issued for `key` (or for no key, when none is held); else null. */
function opened(value: string, key: string | null): string | null {
  const dot = value.lastIndexOf('.')
  const id = OrderFormId.safeParse(dot < 0 ? value : value.slice(0, dot))
  if (!id.success) return null
  if (key === null) return dot < 0 ? id.data : null
  if (dot < 0) return null
  const expected = Buffer.from(seal(id.data, key))
  const given = Buffer.from(value.slice(dot + 1))
  return expected.length === given.length && timingSafeEqual(expected, given) ? id.data : null
}

/**
 * The order form the browser's own cookie names: the first value sent under `name` that was issued for the guest-cart
 * key the request holds (one planted beside it, for another key, is passed over); null when there is none, PLANTED
 * when the request holds two keys.
 */
function browserOrderForm(carts: CartAdapter, ctx: RequestContext, name: string): string | null | typeof PLANTED {
  const key = keyHeld(carts, ctx)
  if (key === PLANTED) return PLANTED
  for (const value of cookieValues(ctx.cookie, name)) {
    const id = opened(value, key)
    if (id) return id
  }
  return null
}

/**
 * Adds `line` to the order form `named` (the browser's own), or to a fresh one
 * when it names none or a stale one; `remember` gets the id of the order form
 * used, even when the add itself is then refused.
 */
async function addToBrowserCart(carts: CartAdapter, named: string | null, line: LineInput, ctx: RequestContext, remember: (id: string) => void): Promise<Cart> {
  if (named) {
    try {
      const cart = await carts.addItem(named, line, ctx)
      remember(cart.id)
      return cart
    } catch (error) {
      if (!(await isStale(carts, named, error, ctx))) throw error
    }
  }
  const fresh = await carts.create(ctx)
  remember(fresh.id)
  return carts.addItem(fresh.id, line, ctx)
}

/** Whether a refused add was refused for its order form (placed, gone, another customer's) rather than for its line. */
async function isStale(carts: CartAdapter, orderFormId: string, error: unknown, ctx: RequestContext): Promise<boolean> {
  if (!(error instanceof CommerceError)) return false
  if (error.status === 403 || error.status === 409) return true
  if (error.status !== 404) return false
  // 404 is an unknown sku or an unknown order form: asking for the order form tells which.
  try {
    await carts.get(orderFormId, ctx)
    return false
  } catch (readError) {
    return readError instanceof CommerceError && (readError.status === 403 || readError.status === 404)
  }
}

const holds = (cart: Cart, sku: string) => cart.items.some((item) => !item.isGift && item.itemOffered.sku === sku)

/** The form's fields: the body arrives as the text the browser sent (or already read into an object by a body parser). */
function readForm(body: unknown): Record<string, string> {
  if (Buffer.isBuffer(body)) return readForm(body.toString('utf8'))
  if (typeof body === 'string' || body === undefined || body === null) {
    const fields: Record<string, string> = {}
    for (const [key, value] of new URLSearchParams(body ?? '')) {
      if (key in fields) throw badRequest(`invalid body: ${key} is sent twice`)
      fields[key] = value
    }
    return fields
  }
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, string>
  throw badRequest('invalid body: a form is expected')
}

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
 * storefront's (`ORDER_FORM_COOKIE`, HttpOnly, SameSite=Lax) and the next adds
 * go to it; one that went stale (placed, gone, another customer's) gives way
 * to a fresh order form, as in validation.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from 'gatsby'
import { getCommerce } from '../commerce'
import type { CartAdapter } from '../commerce/capabilities'
import { CommerceError, badRequest, methodNotAllowed } from '../commerce/errors'
import { addToCartOutcome, paths } from '../config/paths'
import { checkoutHref } from '../config/shop'
import { attachmentsOf, subscriptionAttachment } from '../domain/cart'
import type { Cart, IssuedCookie, LineInput, RequestContext } from '../domain/types'
import { sitePath } from '../domain/url'
import { OrderFormId } from '../wire/inputs'
import { formRoutes } from '../wire/routes'
import { contextOf, cookieValue, setIssuedCookies } from './cookies'
import { sendError } from './errorAnswer'
import { guardFormPost } from './guard'
import { parse } from './input'
import { reportFunctionError } from './report'

/** Names the order form a browser without JavaScript adds to. */
export const ORDER_FORM_COOKIE = 'order_form'

/** As long as the guest-cart key the platform issues with it. */
const ORDER_FORM_COOKIE_MAX_AGE = 30 * 24 * 60 * 60

export async function addFromForm(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader('Cache-Control', 'no-store')
  const ctx = contextOf(req)
  const own: IssuedCookie[] = []
  try {
    if ((req.method ?? 'GET').toUpperCase() !== 'POST') {
      res.setHeader('Allow', 'POST')
      throw methodNotAllowed('POST')
    }
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
    const remember = (id: string) => {
      own.splice(0, own.length, { name: ORDER_FORM_COOKIE, value: id, maxAgeSeconds: ORDER_FORM_COOKIE_MAX_AGE, secure: isHttps(req) })
    }
    let location: string
    try {
      const cart = await addToBrowserCart(getCommerce().cart, line, ctx, remember)
      location = holds(cart, form.skuId) ? `${paths.addedToCart(form.skuId)}#${addToCartOutcome.added}` : `${back}#${addToCartOutcome.refused}`
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
    if (!['GET', 'HEAD'].includes((req.method ?? 'GET').toUpperCase())) {
      res.setHeader('Allow', 'GET, HEAD')
      throw methodNotAllowed('GET')
    }
    const named = OrderFormId.safeParse(cookieValue(ctx.cookie, ORDER_FORM_COOKIE))
    let location = '/'
    if (named.success) {
      try {
        const cart = await getCommerce().cart.get(named.data, ctx)
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

/**
 * Adds `line` to the order form the browser's cookie names, or to a fresh one
 * when it names none or a stale one; `remember` gets the id of the order form
 * used, even when the add itself is then refused.
 */
async function addToBrowserCart(carts: CartAdapter, line: LineInput, ctx: RequestContext, remember: (id: string) => void): Promise<Cart> {
  const named = OrderFormId.safeParse(cookieValue(ctx.cookie, ORDER_FORM_COOKIE))
  if (named.success) {
    try {
      const cart = await carts.addItem(named.data, line, ctx)
      remember(cart.id)
      return cart
    } catch (error) {
      if (!(await isStale(carts, named.data, error, ctx))) throw error
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

/** Whether the browser reached the site over https (directly, or as its proxy reports), so the cookie is Secure. */
function isHttps(req: GatsbyFunctionRequest): boolean {
  const forwarded = req.headers['x-forwarded-proto']
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase()
  return proto === 'https' || Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted)
}

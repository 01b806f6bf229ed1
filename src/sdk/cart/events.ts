/**
 * Cart analytics (req EVENT-02, EVENT-03, EVENT-04): view_cart when the minicart opens on a cart with
 * lines, begin-checkout when 'Vai alla cassa' is followed. Items carry the
 * discount (listPrice − price, to 2 decimals) and its percentage
 * (1 − price / listPrice); kit items add the bundle fields. Both events go to
 * the data layer through `track`, which never lets a failure reach the page.
 */
import type { Cart, CartItem } from '../../domain/types'
import { cartTotals } from '../../domain/cart'
import { discountOf } from '../../domain/discount'
import { track } from '../analytics/dataLayer'
import { itemOfLine, trackGa4 } from '../analytics/ga4'
import { pageTypeOf } from '../../domain/pageType'
import { declaredPageType } from '../analytics/pageType'

export function analyticsItem(item: CartItem, index: number) {
  const offered = item.itemOffered
  const categories = Object.fromEntries(offered.breadcrumbList.map((crumb, i) => [i === 0 ? 'item_category' : `item_category${i + 1}`, crumb.name]))
  const isKit = item.isKit || offered.stockKeepingUnit.isKit
  // GA4's item of the line, with the spec's fields beside it.
  return {
    ...itemOfLine(item),
    ...categories,
    index,
    list_price: item.listPrice,
    ...discountOf(item),
    ...(isKit ? { is_bundle: true, bundle_id: offered.isVariantOf.productGroupID, bundle_name: offered.isVariantOf.name, bundle_sku: offered.sku } : {}),
  }
}

export function viewCartPayload(cart: Cart) {
  return { ecommerce: { currency: 'EUR', value: cartTotals(cart.items).total, items: cart.items.map(analyticsItem) } }
}

export function trackViewCart(cart: Cart): void {
  if (cart.items.length > 0) track('view_cart', viewCartPayload(cart))
}

/**
 * view_cart once per opening of the minicart. The minicart stays open across
 * a navigation (adding to the cart goes to /added-to-cart) and is mounted
 * again by the new page; the opening is the same, so it is not reported twice.
 * `panels` is the panel system the minicart belongs to (it outlives pages).
 */
const reportedOpenings = new WeakSet<object>()
export function viewCartOnOpen(open: boolean, cart: () => Cart, panels: object): void {
  if (!open) {
    reportedOpenings.delete(panels)
    return
  }
  if (reportedOpenings.has(panels)) return
  reportedOpenings.add(panels)
  trackViewCart(cart())
}

export interface BeginCheckoutContext {
  cart: Cart
  userId: string | null
  url: string
  actionTrigger: string
}

export function beginCheckoutPayload({ cart, userId, url, actionTrigger }: BeginCheckoutContext) {
  const pathname = new URL(url, 'http://localhost').pathname
  return {
    userId,
    cartId: cart.id,
    productId: [...new Set(cart.items.map((item) => item.itemOffered.isVariantOf.productGroupID))].join(','),
    sku: cart.items.map((item) => item.itemOffered.sku).join(','),
    url,
    pageType: declaredPageType() ?? pageTypeOf(pathname),
    actionTrigger,
    items: cart.items.map(analyticsItem),
  }
}

export function trackBeginCheckout(context: BeginCheckoutContext): void {
  track('begin-checkout', beginCheckoutPayload(context))
  // At once, not when idle: the checkout is another page, and an event left for later would leave with this one.
  trackGa4('begin_checkout', context.cart.items.filter((item) => !item.isGift).map((item) => itemOfLine(item)), {}, (run) => run())
}

/**
 * Store configuration (req CONF-03, CONF-04). Every external address defaults to the
 * embedded platform, so a fresh machine works with no configuration; the
 * GATSBY_* environment variables point them elsewhere at build time.
 */
import { readEnv } from './env'

export interface ShopConfig {
  account: string
  apiAccount: string
  workspace: string
  platform: 'embedded' | 'vtex'
  storeUrl: string
  secureSubdomain: string
  checkoutUrl: string
  loginUrl: string
  accountUrl: string
  registrationUrl: string
  /** The store's own logout page. */
  logoutUrl: string
  /** The provider's logout address; takes scope (the account) and returnUrl. */
  providerLogoutUrl: string
  delivery: DeliveryConfig
  /** Hours within which a same-day pickup counts as fast (req PICKUP-02). */
  fast_picking: number
  black_friday_picking: number | null
  lp_for_app: string
  must_show_scalapay: boolean
}

export interface DeliveryConfig {
  minDays: number
  maxDays: number
  maxWorkingDays: number
  /** Default postal code for delivery estimates: a Ligurian town (Sarzana). */
  defaultPostalCode: string
  hideUnavailableItems: boolean
  invalidDateNewLogic: boolean
}

const platformUrl = stripSlash(readEnv('GATSBY_PLATFORM_URL') ?? 'http://127.0.0.1:9100')
const storeUrl = stripSlash(readEnv('GATSBY_STORE_URL') ?? 'http://127.0.0.1:9000')

/** Where product pictures come from (the platform's image endpoint, or a CDN before it): pages preconnect to it. */
export const imageOrigin = new URL(readEnv('GATSBY_IMAGE_ORIGIN') ?? platformUrl).origin

export const shopConfig: ShopConfig = {
  account: readEnv('GATSBY_STORE_ACCOUNT') ?? 'petshop',
  apiAccount: readEnv('GATSBY_STORE_API_ACCOUNT') ?? 'petshop',
  workspace: readEnv('GATSBY_STORE_WORKSPACE') ?? 'master',
  platform: readEnv('GATSBY_COMMERCE_PLATFORM') === 'vtex' ? 'vtex' : 'embedded',
  storeUrl,
  secureSubdomain: readEnv('GATSBY_SECURE_SUBDOMAIN') ?? platformUrl,
  checkoutUrl: readEnv('GATSBY_CHECKOUT_URL') ?? `${platformUrl}/checkout`,
  loginUrl: readEnv('GATSBY_LOGIN_URL') ?? `${platformUrl}/login`,
  accountUrl: readEnv('GATSBY_ACCOUNT_URL') ?? `${platformUrl}/account`,
  registrationUrl: readEnv('GATSBY_REGISTRATION_URL') ?? `${platformUrl}/register`,
  logoutUrl: '/logout',
  providerLogoutUrl: readEnv('GATSBY_PROVIDER_LOGOUT_URL') ?? `${platformUrl}/logout`,
  delivery: {
    minDays: 3,
    maxDays: 6,
    maxWorkingDays: 4,
    defaultPostalCode: '19038',
    hideUnavailableItems: false,
    invalidDateNewLogic: true,
  },
  fast_picking: 1,
  black_friday_picking: null,
  lp_for_app: '/fromApp',
  must_show_scalapay: true,
}

/** Checkout address for an order form: `{checkoutUrl}?orderFormId={id}#/orderform` (req ROUTE-12). */
export function checkoutHref(orderFormId: string, config: Pick<ShopConfig, 'checkoutUrl'> = shopConfig): string {
  const url = new URL(config.checkoutUrl)
  url.searchParams.set('orderFormId', orderFormId)
  url.hash = '/orderform'
  return url.toString()
}

/** Provider logout with scope (the account name) and returnUrl (req ROUTE-13, CALL-22). */
export function providerLogoutHref(returnUrl: string, config: Pick<ShopConfig, 'providerLogoutUrl' | 'account'> = shopConfig): string {
  const url = new URL(config.providerLogoutUrl)
  url.searchParams.set('scope', config.account)
  url.searchParams.set('returnUrl', returnUrl)
  return url.toString()
}

/** Login address that comes back to `returnUrl` afterwards. */
export function loginHref(returnUrl: string, config: Pick<ShopConfig, 'loginUrl'> = shopConfig): string {
  const url = new URL(config.loginUrl)
  url.searchParams.set('returnUrl', returnUrl)
  return url.toString()
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

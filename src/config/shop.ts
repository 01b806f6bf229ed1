/**
 * Store configuration (req CONF-03, CONF-04). Every external address defaults to the
 * embedded platform, so a fresh machine works with no configuration; the
 * GATSBY_* environment variables point them elsewhere at build time.
 */
import { readEnv, type BuildEnvName } from './env'

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

export type HandOffConfig = Pick<ShopConfig, 'platform' | 'secureSubdomain' | 'checkoutUrl' | 'loginUrl' | 'accountUrl' | 'registrationUrl' | 'providerLogoutUrl'>

/**
 * Where the shopper is handed off to the platform: checkout, login, account
 * and the provider's logout. On the embedded platform they are its pages; on
 * VTEX (GATSBY_COMMERCE_PLATFORM=vtex) they are the store's own pages on its
 * secure domain (GATSBY_SECURE_SUBDOMAIN, the origin VTEX_STORE_URL names to
 * the Functions): `/checkout/`, which takes `?orderFormId=…#/orderform`,
 * VTEX ID's `/login`, `/account` and `/api/vtexid/pub/logout`. Each GATSBY_*_URL
 * still overrides its address.
 */
export function handOffConfig(read: (name: BuildEnvName) => string | undefined, platformOrigin: string): HandOffConfig {
  const platform = read('GATSBY_COMMERCE_PLATFORM') === 'vtex' ? 'vtex' : 'embedded'
  const secureSubdomain = stripSlash(read('GATSBY_SECURE_SUBDOMAIN') ?? platformOrigin)
  const pages =
    platform === 'vtex'
      ? { checkout: `${secureSubdomain}/checkout/`, login: `${secureSubdomain}/login`, account: `${secureSubdomain}/account`, registration: `${secureSubdomain}/login`, logout: `${secureSubdomain}/api/vtexid/pub/logout` }
      : { checkout: `${platformOrigin}/checkout`, login: `${platformOrigin}/login`, account: `${platformOrigin}/account`, registration: `${platformOrigin}/register`, logout: `${platformOrigin}/logout` }
  return {
    platform,
    secureSubdomain,
    checkoutUrl: read('GATSBY_CHECKOUT_URL') ?? pages.checkout,
    loginUrl: read('GATSBY_LOGIN_URL') ?? pages.login,
    accountUrl: read('GATSBY_ACCOUNT_URL') ?? pages.account,
    registrationUrl: read('GATSBY_REGISTRATION_URL') ?? pages.registration,
    providerLogoutUrl: read('GATSBY_PROVIDER_LOGOUT_URL') ?? pages.logout,
  }
}

/** Where product pictures come from (the platform's image endpoint, or a CDN before it): pages preconnect to it. */
export const imageOrigin = new URL(readEnv('GATSBY_IMAGE_ORIGIN') ?? platformUrl).origin

export const shopConfig: ShopConfig = {
  account: readEnv('GATSBY_STORE_ACCOUNT') ?? 'petshop',
  apiAccount: readEnv('GATSBY_STORE_API_ACCOUNT') ?? 'petshop',
  workspace: readEnv('GATSBY_STORE_WORKSPACE') ?? 'master',
  storeUrl,
  ...handOffConfig(readEnv, platformUrl),
  logoutUrl: '/logout',
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

/**
 * Login address that comes back to `returnUrl` afterwards. On VTEX it is the storefront's own way out to VTEX's
 * login page, which comes back through the storefront too: the login counts only once this host has bound VTEX ID's
 * cookie to it (src/handlers/login.ts, docs/vtex.md "Cookies").
 */
export function loginHref(returnUrl: string, config: Pick<ShopConfig, 'loginUrl' | 'platform'> = shopConfig): string {
  if (config.platform === 'vtex') return `/api/account/login?returnUrl=${encodeURIComponent(returnUrl)}`
  const url = new URL(config.loginUrl)
  url.searchParams.set('returnUrl', returnUrl)
  return url.toString()
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

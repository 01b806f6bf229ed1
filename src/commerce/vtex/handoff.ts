/**
 * The hand-off addresses of a VTEX store, on its secure domain: checkout
 * (`/checkout/?orderFormId=…#/orderform`), login and account, and VTEX ID's
 * logout (`/api/vtexid/pub/logout`, to which the storefront adds the account
 * as `scope` and the `returnUrl`). They are the build's GATSBY_* variables
 * (src/config/shop.ts); `npx tsx scripts/vtex-handoff.ts` prints them for the
 * store the environment names.
 */
import type { VtexSettings } from './settings'

export type HandoffVariable =
  | 'GATSBY_COMMERCE_PLATFORM'
  | 'GATSBY_STORE_ACCOUNT'
  | 'GATSBY_SECURE_SUBDOMAIN'
  | 'GATSBY_CHECKOUT_URL'
  | 'GATSBY_LOGIN_URL'
  | 'GATSBY_ACCOUNT_URL'
  | 'GATSBY_REGISTRATION_URL'
  | 'GATSBY_PROVIDER_LOGOUT_URL'

export function vtexHandoffVariables(settings: Pick<VtexSettings, 'account' | 'storeUrl'>): Record<HandoffVariable, string> {
  const secure = settings.storeUrl
  return {
    GATSBY_COMMERCE_PLATFORM: 'vtex',
    GATSBY_STORE_ACCOUNT: settings.account,
    GATSBY_SECURE_SUBDOMAIN: secure,
    GATSBY_CHECKOUT_URL: `${secure}/checkout/`,
    GATSBY_LOGIN_URL: `${secure}/login`,
    GATSBY_ACCOUNT_URL: `${secure}/account`,
    // VTEX's login page also registers a new customer.
    GATSBY_REGISTRATION_URL: `${secure}/login`,
    GATSBY_PROVIDER_LOGOUT_URL: `${secure}/api/vtexid/pub/logout`,
  }
}

/**
 * The build variables that hand a VTEX store's checkout, login, account and
 * logout off to its secure domain. `handOffConfig` (src/config/shop.ts) turns
 * them into the addresses (`/checkout/?orderFormId=…#/orderform`, `/login`,
 * `/account`, VTEX ID's `/api/vtexid/pub/logout` with the account as `scope`);
 * `npx tsx scripts/vtex-handoff.ts` prints them for the store the environment
 * names.
 */
import type { VtexSettings } from './settings'

export type HandoffVariable = 'GATSBY_COMMERCE_PLATFORM' | 'GATSBY_STORE_ACCOUNT' | 'GATSBY_SECURE_SUBDOMAIN'

export function vtexHandoffVariables(settings: Pick<VtexSettings, 'account' | 'storeUrl'>): Record<HandoffVariable, string> {
  return { GATSBY_COMMERCE_PLATFORM: 'vtex', GATSBY_STORE_ACCOUNT: settings.account, GATSBY_SECURE_SUBDOMAIN: settings.storeUrl }
}

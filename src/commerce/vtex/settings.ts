/**
 * The VTEX backend's own environment (req VTEX-01). The app key and token are
 * read here and handed only to the client's private calls: nothing else keeps
 * them, and no message built from these settings includes the token.
 */
import { VTEX_ACCOUNT_NAME, vtexImageOrigins } from '../../config/imageHosts'

export const DEFAULT_VTEX_ENVIRONMENT = 'vtexcommercestable'
export const DEFAULT_VTEX_TIMEOUT_MS = 10_000

export interface VtexSettings {
  account: string
  environment: string
  /** The trade policy (sales channel) every search and order form is in. */
  salesChannel: string
  /** The store's public secure domain, where checkout, login and account live (https://www.example.it). */
  storeUrl: string
  /** Where the APIs answer: https://{account}.{environment}.com.br, or VTEX_API_URL (the simulator in tests). */
  apiUrl: string
  /**
   * Where the Pricing API answers: https://api.vtex.com/{account}, its published server; VTEX_PRICING_URL
   * overrides it, and without that VTEX_API_URL does (one host answering every VTEX API, as the simulator does).
   */
  pricingUrl: string
  locale: string
  timeoutMs: number
  /** For the private APIs (Catalog pvt, Pricing, Master Data, Profile System, Logistics, Orders). */
  appKey: string | null
  appToken: string | null
  /**
   * Where the store's pictures come from: https://{account}.vtexassets.com and https://{account}.vteximg.com.br,
   * then VTEX_IMAGE_HOSTS. The pages' CSP opens them (serve/config.ts reads them through the same function).
   */
  imageOrigins: string[]
}

const ACCOUNT = VTEX_ACCOUNT_NAME
const ENVIRONMENT = /^[a-z0-9][a-z0-9-]{0,62}$/

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim()
  if (!value) throw new Error(`${name} must be set when COMMERCE (or a COMMERCE_<CAPABILITY>) chooses vtex`)
  return value
}

export function vtexSettings(env: NodeJS.ProcessEnv): VtexSettings {
  const account = required(env, 'VTEX_ACCOUNT')
  if (!ACCOUNT.test(account)) throw new Error(`VTEX_ACCOUNT must be the account name (lower-case letters, digits and hyphens), got "${account}"`)
  const environment = env.VTEX_ENVIRONMENT?.trim() || DEFAULT_VTEX_ENVIRONMENT
  if (!ENVIRONMENT.test(environment)) throw new Error(`VTEX_ENVIRONMENT must be a host label such as vtexcommercestable, got "${environment}"`)
  const salesChannel = env.VTEX_SALES_CHANNEL?.trim() || '1'
  if (!/^\d{1,6}$/.test(salesChannel)) throw new Error(`VTEX_SALES_CHANNEL must be the trade policy's number, got "${salesChannel}"`)
  const storeUrl = required(env, 'VTEX_STORE_URL').replace(/\/+$/, '')
  if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(storeUrl) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(storeUrl)) {
    throw new Error(`VTEX_STORE_URL must be the store's secure origin, https://host, got "${storeUrl}"`)
  }
  const apiUrl = (env.VTEX_API_URL?.trim() || `https://${account}.${environment}.com.br`).replace(/\/+$/, '')
  const pricingUrl = (env.VTEX_PRICING_URL?.trim() || env.VTEX_API_URL?.trim() || `https://api.vtex.com/${account}`).replace(/\/+$/, '')
  const raw = env.VTEX_TIMEOUT_MS?.trim()
  const timeoutMs = raw ? Number(raw) : DEFAULT_VTEX_TIMEOUT_MS
  if (!(Number.isInteger(timeoutMs) && timeoutMs >= 100 && timeoutMs <= 120_000)) throw new Error(`VTEX_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${raw}"`)
  const appKey = env.VTEX_APP_KEY?.trim() || null
  const appToken = env.VTEX_APP_TOKEN?.trim() || null
  if ((appKey === null) !== (appToken === null)) throw new Error('VTEX_APP_KEY and VTEX_APP_TOKEN must be set together')
  const imageOrigins = vtexImageOrigins(account, env.VTEX_IMAGE_HOSTS)
  return { account, environment, salesChannel, storeUrl, apiUrl, pricingUrl, locale: env.VTEX_LOCALE?.trim() || 'it-IT', timeoutMs, appKey, appToken, imageOrigins }
}

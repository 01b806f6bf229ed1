/**
 * Where a VTEX store's pictures come from, for the pages' Content-Security-Policy (`img-src`) and for the
 * image URL builder (src/domain/images.ts). VTEX serves an account's catalog and Checkout pictures from
 * `https://{account}.vtexassets.com` and `https://{account}.vteximg.com.br`; VTEX_IMAGE_HOSTS adds origins a
 * store also shows pictures from (a marketplace seller's account, a CDN in front of the store). Read by the
 * server's CSP (serve/config.ts) and by the VTEX backend's settings; the embedded platform opens nothing here.
 */

/** The domains of VTEX's image service: an account's pictures are on `{account}.{domain}`. */
export const VTEX_IMAGE_DOMAINS = ['vtexassets.com', 'vteximg.com.br'] as const

/** A VTEX account name, as VTEX_ACCOUNT takes it: one host label. */
export const VTEX_ACCOUNT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/

/**
 * An https origin and nothing else, optionally a wildcard on its first label (`https://*.cdn.example`): no path,
 * no query, no space, `;`, `,` or quote that would end a CSP source or directive.
 */
const HTTPS_ORIGIN = /^https:\/\/(\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+(:\d{1,5})?$/

/** The variable that chooses each capability's backend, then the ones that choose every capability's (src/commerce/compose.ts). */
const CAPABILITY_VARIABLES = ['COMMERCE_CATALOG', 'COMMERCE_CART', 'COMMERCE_IDENTITY', 'COMMERCE_STORES', 'COMMERCE_LOYALTY'] as const
const ALL_CAPABILITIES_VARIABLES = ['COMMERCE', 'COMMERCE_PLATFORM'] as const

type Env = Readonly<Record<string, string | undefined>>

/** True when configuration puts any capability on VTEX, by the same precedence the commerce is composed with. */
export function usesVtex(env: Env): boolean {
  return CAPABILITY_VARIABLES.some((variable) => {
    const chosen = [variable, ...ALL_CAPABILITIES_VARIABLES].map((name) => env[name]?.trim()).find(Boolean)
    return chosen === 'vtex'
  })
}

/** VTEX_IMAGE_HOSTS: https origins separated by commas or spaces; anything else stops the server, naming the entry. */
export function extraImageOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(/[,\s]+/)
    .map((entry) => entry.replace(/\/+$/, '').toLowerCase())
    .filter(Boolean)
  for (const entry of entries) {
    if (!HTTPS_ORIGIN.test(entry)) throw new Error(`VTEX_IMAGE_HOSTS must list https origins (https://host or https://*.host, no path), got "${entry}"`)
    // Every VTEX account's files are under VTEX's own domains: a wildcard there would let in any store's uploads.
    const wildcardOf = /^https:\/\/\*\.(.+)$/.exec(entry)?.[1]
    if (wildcardOf && (VTEX_IMAGE_DOMAINS as readonly string[]).some((domain) => wildcardOf === domain || domain.endsWith(`.${wildcardOf}`))) {
      throw new Error(`VTEX_IMAGE_HOSTS must name VTEX's hosts account by account (https://{account}.vtexassets.com), got "${entry}"`)
    }
  }
  return entries
}

/** The origins a VTEX account's pictures come from, then the extra ones, each once. */
export function vtexImageOrigins(account: string, extraHosts: string | undefined): string[] {
  if (!VTEX_ACCOUNT_NAME.test(account)) throw new Error(`VTEX_ACCOUNT must be the account name (lower-case letters, digits and hyphens), got "${account}"`)
  return [...new Set([...VTEX_IMAGE_DOMAINS.map((domain) => `https://${account}.${domain}`), ...extraImageOrigins(extraHosts)])]
}

/** The origins the pages' `img-src` adds for the store's pictures: VTEX's for its account when VTEX serves a capability, none otherwise. */
export function storeImageOrigins(env: Env): string[] {
  if (!usesVtex(env)) return []
  const account = env.VTEX_ACCOUNT?.trim()
  if (!account) throw new Error('VTEX_ACCOUNT must be set when COMMERCE (or a COMMERCE_<CAPABILITY>) chooses vtex')
  return vtexImageOrigins(account, env.VTEX_IMAGE_HOSTS)
}

/** The embedded backend's own environment: where the platform listens, how long to wait for it, and how to prove itself to it. */

export const DEFAULT_PLATFORM_URL = 'http://127.0.0.1:9100'
export const DEFAULT_PLATFORM_TIMEOUT_MS = 10_000

/** PLATFORM_URL: the platform's base address, without a trailing slash (default the platform on loopback). */
export function platformUrl(env: NodeJS.ProcessEnv): string {
  return (env.PLATFORM_URL ?? DEFAULT_PLATFORM_URL).replace(/\/+$/, '')
}

/**
 * PLATFORM_FRESH_READS=1: every read past the platform's read cache. The build sets it (gatsby-node.ts): a listing
 * it prerendered from an answer cached before a catalog change would be kept by the builds after it.
 */
export function platformFreshReads(env: NodeJS.ProcessEnv): boolean {
  return env.PLATFORM_FRESH_READS === '1'
}

/** PLATFORM_TIMEOUT_MS: how long a Function waits for each platform answer (100 to 120000 ms; default 10 s). */
export function platformTimeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = env.PLATFORM_TIMEOUT_MS?.trim()
  if (!raw) return DEFAULT_PLATFORM_TIMEOUT_MS
  const ms = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!(ms >= 100 && ms <= 120_000)) throw new Error(`PLATFORM_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${raw}"`)
  return ms
}

/** The shortest secret the platform takes (PROXY_SECRET_MIN_LENGTH in platform/http/security.ts). */
export const PROXY_SECRET_MIN_LENGTH = 32

/**
 * PLATFORM_PROXY_SECRET: the secret the platform and the storefront's servers share. The client sends it with each
 * call that names the shopper's address, which the platform believes from no one else; unset, the platform counts
 * every shopper as this server. A shorter one than the platform takes is refused here too.
 */
export function platformProxySecret(env: NodeJS.ProcessEnv): string | null {
  const secret = (env.PLATFORM_PROXY_SECRET ?? '').trim()
  if (secret === '') return null
  if (secret.length < PROXY_SECRET_MIN_LENGTH) throw new Error(`PLATFORM_PROXY_SECRET must be at least ${PROXY_SECRET_MIN_LENGTH} characters, got ${secret.length}`)
  return secret
}

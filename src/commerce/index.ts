/**
 * Chooses the commerce implementation from the environment. With nothing
 * configured the storefront talks to the embedded platform on loopback.
 */
import type { CommerceAdapter } from './adapter'
import { createPlatformAdapter } from './embedded/client'
import { runtimeEnv } from './runtimeEnv'

export type { CommerceAdapter } from './adapter'

let adapter: CommerceAdapter | undefined

export function platformUrl(): string {
  return (runtimeEnv().PLATFORM_URL ?? 'http://127.0.0.1:9100').replace(/\/+$/, '')
}

export function getCommerce(): CommerceAdapter {
  if (!adapter) {
    const kind = runtimeEnv().COMMERCE_PLATFORM ?? 'embedded'
    if (kind !== 'embedded') {
      throw new Error(`COMMERCE_PLATFORM=${kind} is not available; the embedded platform is the only implementation`)
    }
    adapter = createPlatformAdapter({ baseUrl: platformUrl(), timeoutMs: platformTimeoutMs() })
  }
  return adapter
}

export const DEFAULT_PLATFORM_TIMEOUT_MS = 10_000

/** PLATFORM_TIMEOUT_MS: how long a Function waits for each platform answer (100 to 120000 ms; default 10 s). */
export function platformTimeoutMs(env: NodeJS.ProcessEnv = runtimeEnv()): number {
  const raw = env.PLATFORM_TIMEOUT_MS?.trim()
  if (!raw) return DEFAULT_PLATFORM_TIMEOUT_MS
  const ms = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (!(ms >= 100 && ms <= 120_000)) throw new Error(`PLATFORM_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${raw}"`)
  return ms
}

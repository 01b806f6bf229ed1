/**
 * Chooses the commerce implementation from the environment. With nothing
 * configured the storefront talks to the embedded platform on loopback.
 */
import type { CommerceAdapter } from './adapter'
import { createPlatformAdapter } from './platform/client'
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
    adapter = createPlatformAdapter({ baseUrl: platformUrl() })
  }
  return adapter
}

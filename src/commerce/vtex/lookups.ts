/**
 * Where the VTEX backend counts failed guest-order lookups: the embedded
 * platform's database (`attempt_failures`, platform/identity/lookup-attempts.ts),
 * the store every storefront server shares and the one the shop's other
 * limits live in. A VTEX deployment runs the platform anyway, for loyalty and
 * geography (docs/vtex.md); VTEX has no counter of its own to keep them in.
 */
import * as Wire from '../../../platform/wire'
import type { RequestContext } from '../../domain/types'
import { createPlatformClient } from '../embedded/client'
import { platformTimeoutMs, platformUrl } from '../embedded/settings'

export interface LookupCounter {
  /** Charges one lookup to the shopper's address before it is made: its receipt, or a 429 with the wait once too many failed. */
  charge(ctx: RequestContext): Promise<string>
  /** Takes back a lookup's charge: it found the order, or failed for a reason not the shopper's. */
  takeBack(receipt: string, ctx: RequestContext): Promise<void>
}

/** The counter of the platform at `baseUrl`; only the shopper's address goes there, none of their cookies. */
export function platformLookupCounter(baseUrl: string, timeoutMs?: number): LookupCounter {
  const platform = createPlatformClient({ baseUrl, timeoutMs })
  const only = (ctx: RequestContext): RequestContext => (ctx.clientAddress ? { clientAddress: ctx.clientAddress } : {})
  return {
    charge: async (ctx) => (await platform.call('/api/orders/lookup-attempts', Wire.LookupAttemptAnswer, { method: 'POST', ctx: only(ctx) })).receipt,
    takeBack: async (receipt, ctx) => {
      await platform.call(`/api/orders/lookup-attempts/${receipt}`, Wire.LookupTakenBackAnswer, { method: 'DELETE', ctx: only(ctx) })
    },
  }
}

export const lookupCounterOf = (env: NodeJS.ProcessEnv): LookupCounter => platformLookupCounter(platformUrl(env), platformTimeoutMs(env))

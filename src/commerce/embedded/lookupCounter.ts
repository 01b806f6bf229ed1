/**
 * The embedded platform's count of failed guest-order lookups
 * (`attempt_failures`, platform/identity/lookup-attempts.ts), lent to a
 * backend that has no counter of its own (../backends.ts): the VTEX backend's
 * guest-order lookup charges each attempt here.
 */
import * as Wire from '../../../platform/wire'
import type { RequestContext } from '../../domain/types'
import { createPlatformClient } from './client'

export interface PlatformLookupCounter {
  charge(ctx: RequestContext): Promise<string>
  takeBack(receipt: string, ctx: RequestContext): Promise<void>
}

/** The counter of the platform at `baseUrl`; only the shopper's address goes there, none of their cookies. */
export function platformLookupCounter(baseUrl: string, timeoutMs?: number): PlatformLookupCounter {
  const platform = createPlatformClient({ baseUrl, timeoutMs })
  const only = (ctx: RequestContext): RequestContext => (ctx.clientAddress ? { clientAddress: ctx.clientAddress } : {})
  return {
    charge: async (ctx) => (await platform.call('/api/orders/lookup-attempts', Wire.LookupAttemptAnswer, { method: 'POST', ctx: only(ctx) })).receipt,
    takeBack: async (receipt, ctx) => {
      await platform.call(`/api/orders/lookup-attempts/${receipt}`, Wire.LookupTakenBackAnswer, { method: 'DELETE', ctx: only(ctx) })
    },
  }
}

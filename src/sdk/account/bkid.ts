/**
 * The loyalty-card data of the logged-in person (GET /api/userAccount/getBkid),
 * cached in local storage with the email it belongs to and when it was fetched.
 * req ID-08: a cached answer without a bkid is asked again after 1 day, one with
 * a bkid after 7 days. A failed call is logged and yields nothing (and is not
 * cached, so the next read asks again).
 */
import { BKID_CACHE_KEY, BKID_MAX_AGE_EMPTY_MS, BKID_MAX_AGE_MS } from '../../config/constants'
import type { Person } from '../../config/session'
import { loadParser, wireSchema, z } from '../../wire/zod'
import { call } from '../core/client'
import { browserStorage, stored, type StorageLike } from '../core/storage'

const BkidAnswer = wireSchema('BkidAnswer')

export type LoyaltyCard = z.output<typeof BkidAnswer>

const Cached = z.object({ email: z.string(), at: z.number(), card: BkidAnswer })

/** Whether a cached card fetched at `at` must be fetched again at `now`. */
export function isBkidStale(card: LoyaltyCard, at: number, now: number): boolean {
  const maxAge = card.bkid === null ? BKID_MAX_AGE_EMPTY_MS : BKID_MAX_AGE_MS
  return now - at >= maxAge
}

export async function loadBkid({
  person,
  doFetch = fetch,
  storage = browserStorage('localStorage'),
  now = Date.now,
}: {
  person: Person | null
  doFetch?: typeof fetch
  storage?: StorageLike | null
  now?: () => number
}): Promise<LoyaltyCard | null> {
  if (!person?.id) return null
  await loadParser()
  const cache = stored(storage)
  const cached = cache.read(BKID_CACHE_KEY, Cached)
  if (cached && cached.email === person.email && !isBkidStale(cached.card, cached.at, now())) return cached.card
  try {
    const card = await call('userAccount/getBkid', {}, { fetch: doFetch })
    cache.write(BKID_CACHE_KEY, { email: person.email, at: now(), card } satisfies z.input<typeof Cached>)
    return card
  } catch (error) {
    console.error('[bkid] loyalty-card data unavailable', error)
    return null
  }
}

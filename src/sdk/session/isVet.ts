/**
 * The vet flag (req ID-07): asked once per person from
 * POST /api/userAccount/getIsVet, which reads the person from the cookie, and
 * kept in session storage under is_vet together with the email it belongs
 * to, so another login in the same tab asks again. A guest is not a vet; a
 * failed call counts as not a vet and is not cached.
 */
import { loadParser, z } from '../../wire/zod'
import type { Person } from '../../config/session'
import { call } from '../core/client'
import { browserStorage, stored, type StorageLike } from '../core/storage'

export const IS_VET_KEY = 'is_vet'

const Cached = z.object({ email: z.string(), isVet: z.boolean() })

export async function loadIsVet({
  person,
  orderFormId,
  doFetch = fetch,
  storage = browserStorage('sessionStorage'),
}: {
  person: Person | null
  orderFormId: string
  doFetch?: typeof fetch
  storage?: StorageLike | null
}): Promise<boolean> {
  if (!person?.id) return false
  await loadParser()
  const cache = stored(storage)
  const cached = cache.read(IS_VET_KEY, Cached)
  if (cached && cached.email === person.email) return cached.isVet
  try {
    const { isVet } = await call('userAccount/getIsVet', { body: { orderFormId } }, { fetch: doFetch })
    // A full or blocked storage only costs another call.
    cache.write(IS_VET_KEY, { email: person.email, isVet } satisfies z.input<typeof Cached>)
    return isVet
  } catch {
    return false
  }
}

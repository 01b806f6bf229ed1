/**
 * The vet flag (spec §3 Person, §6): asked once per person from
 * POST /api/userAccount/getIsVet, which reads the person from the cookie, and
 * kept in session storage under is_vet together with the email it belongs
 * to, so another login in the same tab asks again. A guest is not a vet; a
 * failed call counts as not a vet and is not cached.
 */
import type { Person } from '../../config/session'

export const IS_VET_KEY = 'is_vet'

interface Cached {
  email: string
  isVet: boolean
}

function readCached(storage: Storage | undefined, email: string): boolean | null {
  try {
    const cached = JSON.parse(storage?.getItem(IS_VET_KEY) ?? 'null') as Cached | null
    return cached && cached.email === email && typeof cached.isVet === 'boolean' ? cached.isVet : null
  } catch {
    return null
  }
}

export async function loadIsVet({
  person,
  orderFormId,
  doFetch = fetch,
  storage = typeof window === 'undefined' ? undefined : window.sessionStorage,
}: {
  person: Person | null
  orderFormId: string
  doFetch?: typeof fetch
  storage?: Storage
}): Promise<boolean> {
  if (!person?.id) return false
  const cached = readCached(storage, person.email)
  if (cached !== null) return cached
  try {
    const response = await doFetch('/api/userAccount/getIsVet', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ orderFormId }),
      credentials: 'same-origin',
    })
    if (!response.ok) return false
    const { isVet } = (await response.json()) as { isVet?: unknown }
    if (typeof isVet !== 'boolean') return false
    try {
      storage?.setItem(IS_VET_KEY, JSON.stringify({ email: person.email, isVet } satisfies Cached))
    } catch {
      /* a full or blocked storage only costs another call */
    }
    return isVet
  } catch {
    return false
  }
}

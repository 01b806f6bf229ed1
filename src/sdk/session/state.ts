/**
 * The session: `@faststore/sdk` session state (`createSessionStore`) with the Italian defaults,
 * persisted under the `main` namespace. Validation asks the Functions who the
 * platform's session cookie belongs to; the person is never taken from the browser.
 */
import { createBaseStore, createSessionStore } from '@faststore/sdk'
import { STORE_NAMESPACE } from '../../config/constants'
import { defaultSession, type Person, type Session } from '../../config/session'
import { request as defaultRequest } from '../core/graphql'
import { withRetries } from '../core/retry'

function samePerson(a: Person | null, b: Person | null): boolean {
  if (a === null || b === null) return a === b
  return a.id === b.id && a.email === b.email && a.givenName === b.givenName && a.familyName === b.familyName
}

/**
 * True once, in this page, the platform has confirmed the person the session
 * state holds. Until then the state holds its default or what storage kept
 * (a person who may have logged out, or another who logged in since), so
 * nothing that acts on who the shopper is may read it as an answer.
 */
export const sessionConfirmed = createBaseStore(false)

export function createSessionValidator(request: typeof defaultRequest = defaultRequest, retryDelayMs = 300, confirmed = sessionConfirmed) {
  return async function validate(session: Session): Promise<Session | null> {
    const search = typeof window === 'undefined' ? '' : window.location.search
    const data = await withRetries(() => request('ValidateSession', { session, search }), {
      delayMs: retryDelayMs,
    })
    const next = data?.validateSession
    if (!next) return null
    // The postal code follows the customer's residential address as the platform knows it now (req ADDR-03).
    const postalCode = next.postalCode ?? session.postalCode
    if (samePerson(next.person, session.person)) {
      // A changed person is set first, then validated again and confirmed here.
      if (!confirmed.read()) confirmed.set(true)
      return postalCode === session.postalCode ? null : { ...session, postalCode }
    }
    return { ...session, person: next.person, postalCode }
  }
}

export const sessionState = createSessionStore(defaultSession, createSessionValidator(), `${STORE_NAMESPACE}::store::session`)

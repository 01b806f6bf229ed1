/**
 * The session: `@faststore/sdk` session store with the Italian defaults,
 * persisted under the `main` namespace. Validation asks the Functions who the
 * platform's session cookie belongs to; the person is never taken from the browser.
 */
import { createSessionStore } from '@faststore/sdk'
import { STORE_NAMESPACE } from '../../config/constants'
import { defaultSession, type Person, type Session } from '../../config/session'
import { request as defaultRequest } from '../graphql'
import { withRetries } from '../retry'

function samePerson(a: Person | null, b: Person | null): boolean {
  if (a === null || b === null) return a === b
  return a.id === b.id && a.email === b.email && a.givenName === b.givenName && a.familyName === b.familyName
}

export function createSessionValidator(request: typeof defaultRequest = defaultRequest, retryDelayMs = 300) {
  return async function validate(session: Session): Promise<Session | null> {
    const search = typeof window === 'undefined' ? '' : window.location.search
    const data = await withRetries(() => request('ValidateSession', { session, search }), {
      delayMs: retryDelayMs,
    })
    const next = data?.validateSession
    if (!next || samePerson(next.person, session.person)) return null
    return { ...session, person: next.person }
  }
}

export const sessionStore = createSessionStore(defaultSession, createSessionValidator(), `${STORE_NAMESPACE}::store::session`)

/**
 * The shopper's own click on a link to the store's /logout (req SEC-07). Any
 * page of any site may send a browser to /logout, so opening it logs no one
 * out; a link of this site that means "log out now" ('Continua come ospite'
 * in the session-expired modal) leaves a mark in this tab's session storage
 * as it is clicked, which no other site can write, and /logout logs out at
 * once only when it finds a fresh mark, which it uses up.
 */
import { STORE_NAMESPACE } from '../../config/constants'
import { numbersRecord } from '../../wire/plain'
import { browserStorage, stored, type StorageLike } from '../core/storage'

export const LOGOUT_INTENT_KEY = `${STORE_NAMESPACE}::logoutIntent`
/** Long enough for the click's navigation to reach /logout on a slow network, short enough that a mark left behind goes stale. */
export const LOGOUT_INTENT_MAX_AGE_MS = 60_000

const Mark = numbersRecord('at')

/** Called by the click on a link of this site to /logout. */
export function markLogoutIntent(storage: StorageLike | null = browserStorage('sessionStorage'), now = Date.now()): void {
  stored(storage).write(LOGOUT_INTENT_KEY, { at: now })
}

/** Whether this tab's shopper clicked to log out just now; the mark is used up either way. */
export function takeLogoutIntent(storage: StorageLike | null = browserStorage('sessionStorage'), now = Date.now()): boolean {
  const cache = stored(storage)
  const mark = cache.read(LOGOUT_INTENT_KEY, Mark)
  cache.remove(LOGOUT_INTENT_KEY)
  return mark !== undefined && mark.at <= now && now - mark.at <= LOGOUT_INTENT_MAX_AGE_MS
}

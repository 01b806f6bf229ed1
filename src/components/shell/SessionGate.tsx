/**
 * Loads the browser's boot once the page's root has hydrated (src/sdk/account/loadBoot.ts), and mounts the
 * session-expired modal when it is needed; the modal's code loads only then.
 */
import { lazy, Suspense, useEffect } from 'react'
import { loadBoot } from '../../sdk/account/loadBoot'
import { sessionExpired } from '../../sdk/account/sessionExpired'
import { useSdkState } from '../../sdk/core/useSdkState'

const SessionExpiredModal = lazy(() => import('../islands/account/SessionExpiredModal'))

export function SessionGate() {
  useEffect(() => loadBoot(), [])
  const expired = useSdkState(sessionExpired)
  if (!expired) return null
  return (
    <Suspense fallback={null}>
      <SessionExpiredModal />
    </Suspense>
  )
}

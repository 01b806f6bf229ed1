/**
 * Starts the shared-cart restore and mounts the session-expired modal when it
 * is needed; the modal's code loads only then.
 */
import { lazy, Suspense } from 'react'
import '../../sdk/account/boot'
import { sessionExpired } from '../../sdk/account/restore'
import { useSdkState } from '../../sdk/core/useSdkState'

const SessionExpiredModal = lazy(() => import('../islands/account/SessionExpiredModal'))

export function SessionGate() {
  const expired = useSdkState(sessionExpired)
  if (!expired) return null
  return (
    <Suspense fallback={null}>
      <SessionExpiredModal />
    </Suspense>
  )
}

/**
 * Starts the shared-cart restore and mounts the session-expired modal when it
 * is needed; the modal's code loads only then.
 */
import { lazy, Suspense } from 'react'
import '../../sdk/identity/boot'
import { sessionExpired } from '../../sdk/identity/restore'
import { useStore } from '../../sdk/useStore'

const SessionExpiredModal = lazy(() => import('./SessionExpiredModal'))

export function SessionGate() {
  const expired = useStore(sessionExpired)
  if (!expired) return null
  return (
    <Suspense fallback={null}>
      <SessionExpiredModal />
    </Suspense>
  )
}

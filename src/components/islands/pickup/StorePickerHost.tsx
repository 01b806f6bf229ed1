/**
 * Mounts the store modals while their panel is open: the store picker and the
 * store-info modal. The code of each is fetched the first time it opens.
 *
 * Closed, it renders nothing, not even its Suspense boundary: a boundary in the server's HTML hydrates
 * last, at idle priority, and a panel opened before then (the panel state is a context above it) would
 * make React drop it and render it again (React error 421).
 */
import { lazy, Suspense } from 'react'
import { usePanel } from '../../../sdk/shell/panels'

const StorePicker = lazy(() => import('./StorePicker'))
const StoreInfoModal = lazy(() => import('./StoreInfoModal'))

export function StorePickerHost() {
  const picker = usePanel('storePicker')
  const info = usePanel('storeInfo')
  if (!picker.isOpen && !info.isOpen) return null
  return (
    <Suspense fallback={null}>
      {picker.isOpen && <StorePicker />}
      {info.isOpen && <StoreInfoModal />}
    </Suspense>
  )
}

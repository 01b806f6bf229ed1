/**
 * Mounts the store modals while their panel is open: the store picker and the
 * store-info modal. The code of each is fetched the first time it opens.
 */
import { lazy, Suspense } from 'react'
import { usePanel } from '../../../sdk/shell/panels'

const StorePicker = lazy(() => import('./StorePicker'))
const StoreInfoModal = lazy(() => import('./StoreInfoModal'))

export function StorePickerHost() {
  const picker = usePanel('storePicker')
  const info = usePanel('storeInfo')
  return (
    <Suspense fallback={null}>
      {picker.isOpen && <StorePicker />}
      {info.isOpen && <StoreInfoModal />}
    </Suspense>
  )
}

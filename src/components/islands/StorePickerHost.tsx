/** Mounts the store picker while its panel is open; its code is fetched the first time it opens. */
import { lazy, Suspense } from 'react'
import { usePanel } from '../../sdk/ui/panels'

const StorePicker = lazy(() => import('./StorePicker'))

export function StorePickerHost() {
  const { isOpen } = usePanel('storePicker')
  return isOpen ? (
    <Suspense fallback={null}>
      <StorePicker />
    </Suspense>
  ) : null
}

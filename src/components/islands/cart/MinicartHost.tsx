/**
 * Mounts the minicart from its first opening on. Its code (the panel, its
 * lines, the pickup choice) is fetched then, or before at the browser's idle
 * time through a prefetch hint, and is never part of the first load. Once
 * mounted it stays: it renders nothing while closed and reports each opening
 * itself (Minicart.tsx).
 */
import { lazy, Suspense } from 'react'
import { useLatch } from '../../../sdk/shell/latch'
import { useMinicart } from '../../../sdk/shell/panels'

const Minicart = lazy(() => import(/* webpackPrefetch: true */ './Minicart').then((module) => ({ default: module.Minicart })))

export function MinicartHost() {
  const { displayMinicart } = useMinicart()
  const opened = useLatch(displayMinicart)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <Minicart />
    </Suspense>
  )
}

/**
 * A panel whose code arrives late (the drawer) mounts in an ordinary render,
 * not in the click's own. React then paints it and runs its plain effects in
 * a later task; on a slow phone a press can land in between. React's mock
 * scheduler stops at that paint, so the test can press right there.
 */
import { useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { useEscape, useOutsidePress } from './overlay'

jest.mock('scheduler', () => jest.requireActual('scheduler/unstable_mock'))

type MockScheduler = { unstable_flushUntilNextPaint(): void; unstable_flushAll(): void }

function Panel({ onClose, onEscape }: { onClose(): void; onEscape(): void }) {
  const ref = useRef<HTMLDivElement>(null)
  useOutsidePress([ref], true, onClose)
  useEscape(true, onEscape)
  return <div ref={ref} id="late-panel" />
}

it('a panel closes on a press outside and on Escape made as soon as it is painted', () => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  const Scheduler = jest.requireMock<MockScheduler>('scheduler')
  const onClose = jest.fn()
  const onEscape = jest.fn()
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)

  root.render(<Panel onClose={onClose} onEscape={onEscape} />)
  Scheduler.unstable_flushUntilNextPaint()
  expect(host.querySelector('#late-panel')).not.toBeNull()
  document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))

  expect(onClose).toHaveBeenCalledTimes(1)
  expect(onEscape).toHaveBeenCalledTimes(1)
  root.unmount()
  Scheduler.unstable_flushAll()
})

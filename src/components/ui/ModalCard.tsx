/**
 * A modal's frame: the dimmed overlay (a press on it closes), the dialog
 * named by its title, and a title bar with the close button. Props only: the
 * panel system gives it `onClose` and the ref its focus trap needs.
 */
import { forwardRef, useId, type ReactNode } from 'react'
import { CloseButton } from './CloseButton'
import { Dialog, DialogHead, Overlay, type DialogPlacement } from './Dialog'

interface Props {
  title: ReactNode
  closeLabel: string
  onClose: () => void
  /** The dialog's data-testid; its close button's is `${testId}-close`. */
  testId: string
  placement?: DialogPlacement
  children: ReactNode
}

export const ModalCard = forwardRef<HTMLDivElement, Props>(function ModalCard({ title, closeLabel, onClose, testId, placement = 'card', children }, ref) {
  const titleId = useId()
  return (
    <>
      <Overlay onClick={onClose} />
      <Dialog ref={ref} $placement={placement} aria-labelledby={titleId} data-testid={testId}>
        <DialogHead>
          <h2 id={titleId}>{title}</h2>
          <CloseButton label={closeLabel} onClick={onClose} data-testid={`${testId}-close`} />
        </DialogHead>
        {children}
      </Dialog>
    </>
  )
})

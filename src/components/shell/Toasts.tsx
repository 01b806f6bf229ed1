import styled from 'styled-components'
import { useSdkState } from '../../sdk/core/useSdkState'
import { toastState } from '../../sdk/shell/toasts'
import { theme } from '../../config/theme'

/** The toast area: queued messages (the cart's among them), oldest first. */
export function Toasts() {
  const toasts = useSdkState(toastState)
  return (
    <Area aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <Item key={toast.id} $status={toast.status} role={toast.status === 'error' ? 'alert' : 'status'}>
          {toast.text}
        </Item>
      ))}
    </Area>
  )
}

/* At the top, so a message never hides the minicart's checkout button at the bottom. */
const Area = styled.div`
  position: fixed;
  left: 50%;
  top: ${theme.space.lg};
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  z-index: ${theme.zIndex.toast};
  width: min(92vw, 420px);
`
const Item = styled.p<{ $status: 'info' | 'warning' | 'error' }>`
  margin: 0;
  padding: ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${({ $status }) => ($status === 'error' ? theme.colors.danger : theme.colors.ink)};
  color: ${theme.colors.inverse};
  box-shadow: ${theme.shadow.toast};
`

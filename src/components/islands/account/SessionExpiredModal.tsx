/**
 * The session-expired modal (req SHARED-01): this device's cart
 * belongs to a customer whose session ended. 'Accedi' goes to the login and
 * back here; 'Continua come ospite' goes to the store's /logout, which clears
 * what the browser kept and logs out at once: the click leaves the mark that
 * tells /logout the shopper asked for it (req SEC-07). Loaded only when the
 * restore finds the case.
 */
import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import { loginHref, shopConfig } from '../../../config/shop'
import { sharedCartTexts } from '../../../config/texts/sharedCart'
import { markLogoutIntent } from '../../../sdk/account/logoutIntent'
import { sessionExpired } from '../../../sdk/account/sessionExpired'
import { useModalPanel } from '../../../sdk/shell/overlay'
import { Button } from '../../ui/Button'
import { Dialog, Overlay } from '../../ui/Dialog'
import { theme } from '../../../config/theme'

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`

const Title = styled.h2`
  margin: 0;
`

export default function SessionExpiredModal() {
  const modal = useModalPanel<HTMLDivElement>('sessionExpired')
  const { open, isOpen } = modal
  useEffect(() => open(), [open])
  // Closed by Escape or another panel: the shopper stays a guest with an empty cart.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (isOpen) wasOpen.current = true
    else if (wasOpen.current) sessionExpired.set(false)
  }, [isOpen])
  if (!modal.isOpen) return null
  return (
    <>
      <Overlay onClick={modal.close} />
      <Dialog ref={modal.ref} $placement="center" aria-labelledby="session-expired-title" data-testid="session-expired-modal" tabIndex={-1}>
        <Title id="session-expired-title">{sharedCartTexts.title}</Title>
        <p>{sharedCartTexts.body}</p>
        <Actions>
          <Button as="a" href={loginHref(window.location.href)} data-testid="session-expired-login">
            {sharedCartTexts.login}
          </Button>
          <Button as="a" $variant="secondary" href={shopConfig.logoutUrl} onClick={() => markLogoutIntent()} data-testid="session-expired-guest">
            {sharedCartTexts.guest}
          </Button>
        </Actions>
      </Dialog>
    </>
  )
}

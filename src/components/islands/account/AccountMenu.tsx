/**
 * The account menu (req ACCOUNT-01, ACCOUNT-02, ACCOUNT-03, ACCOUNT-04, ID-01). The person comes from the session state,
 * which the platform's session cookie validates; an anonymous shopper sees
 * the login prompt. Below 1024 px it is an icon linking to the login with
 * returnUrl=/account. The dropdown is the 'account' panel of the panel
 * system: it toggles with its button and closes on an outside press or on
 * Escape, which returns focus to the button. The dropdown itself
 * (AccountDropdown) is fetched on the first opening, or before at the
 * browser's idle time through a prefetch hint, and is never part of the first load.
 */
import { lazy, Suspense, useCallback, useRef } from 'react'
import styled from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { headerControl } from '../../ui/headerControl'
import type { CmsData } from '../../../cms/content'
import { loginHref, shopConfig } from '../../../config/shop'
import { accountTexts } from '../../../config/texts/account'
import { earlyTap } from '../../../sdk/core/earlyTaps'
import { sessionState } from '../../../sdk/session/state'
import { useEscape, useOutsidePress } from '../../../sdk/shell/overlay'
import { usePanel } from '../../../sdk/shell/panels'
import { useSdkState } from '../../../sdk/core/useSdkState'
import { theme } from '../../../config/theme'

const AccountDropdown = lazy(() => import(/* webpackPrefetch: true */ './AccountDropdown'))

export function AccountMenu({ links }: { links: CmsData<'accountMenu'>['privateLinks'] }) {
  const { person } = useSdkState(sessionState)
  const loggedIn = Boolean(person?.id)
  const { isOpen: open, toggle, close } = usePanel('account', { closeOnUnmount: true })
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  useOutsidePress([rootRef], open, close)
  useEscape(
    open,
    useCallback(() => {
      close()
      toggleRef.current?.focus()
    }, [close]),
  )

  return (
    <Root ref={rootRef} data-testid="account-menu" data-logged-in={loggedIn}>
      <MobileIcon href={loggedIn ? shopConfig.accountUrl : loginHref('/account')} aria-label={accountTexts.iconLabel} data-testid="account-icon">
        <UserIcon />
      </MobileIcon>
      <Toggle ref={toggleRef} type="button" aria-expanded={open} aria-controls="account-dropdown" onClick={toggle} data-testid="account-button" {...earlyTap('account')}>
        <UserIcon />
        <span>{loggedIn ? accountTexts.greeting(person!.givenName) : accountTexts.loginOrRegister}</span>
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </Toggle>
      {open && (
        <Suspense fallback={null}>
          <AccountDropdown person={loggedIn ? person : null} links={links} />
        </Suspense>
      )}
    </Root>
  )
}

function UserIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

const Root = styled.div`
  position: relative;
`
const MobileIcon = styled.a`
  display: none;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  color: ${theme.colors.ink};
  ${theme.media.belowNav} {
    display: inline-flex;
  }
  ${focusRing()}
`
const Toggle = styled.button`
  ${headerControl}
  font-size: ${theme.font.size.sm};
  white-space: nowrap;
  ${theme.media.belowNav} {
    display: none;
  }
`

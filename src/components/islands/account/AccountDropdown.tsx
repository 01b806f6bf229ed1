/**
 * The account menu's dropdown (req ACCOUNT-02, ACCOUNT-03, ACCOUNT-04): for a logged-in
 * person, the greeting, the email, the loyalty card, the private links and the
 * logout; for anyone else, login, registration and the guest-order lookup. A
 * chunk of its own, loaded when the menu first opens (AccountMenu).
 */
import { useEffect, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import type { CmsData } from '../../../cms/content'
import { paths } from '../../../config/paths'
import type { Person } from '../../../config/session'
import { loginHref, providerLogoutHref, shopConfig } from '../../../config/shop'
import { accountTexts } from '../../../config/texts/account'
import { forgetShopper } from '../../../sdk/account/logout'
import { theme } from '../../../config/theme'

export function registrationHref(returnUrl: string): string {
  // VTEX's login page is its registration too, and a login there counts once it comes back through the storefront.
  if (shopConfig.platform === 'vtex') return loginHref(returnUrl)
  const url = new URL(shopConfig.registrationUrl)
  url.searchParams.set('returnUrl', returnUrl)
  return url.toString()
}

/** The page the shopper is on, as an absolute address the platform can send them back to. */
function useHere(): string {
  const [here, setHere] = useState(`${shopConfig.storeUrl}/`)
  useEffect(() => setHere(window.location.href), [])
  return here
}

/**
 * The person's loyalty-card number, once the dropdown has been opened: the
 * code and the call load only then, and the answer is cached (sdk/account/bkid.ts).
 */
function useLoyaltyCard(person: Person | null): string | null {
  const [card, setCard] = useState<{ email: string; number: string | null } | null>(null)
  useEffect(() => {
    if (!person?.id || card?.email === person.email) return
    let current = true
    void import('../../../sdk/account/bkid')
      .then(({ loadBkid }) => loadBkid({ person }))
      .catch(() => null)
      .then((answer) => {
        if (current) setCard({ email: person.email, number: answer?.arcacard ?? null })
      })
    return () => {
      current = false
    }
  }, [person, card])
  return card && card.email === person?.email ? card.number : null
}

/**
 * Clears this browser's shopper state, then sends the logout form. The form is
 * sent by hand, inside the handler: clearing the person re-renders the menu
 * without this form once the handler returns, and a browser drops the
 * submission of a form no longer in the page.
 */
function logOut(event: FormEvent<HTMLFormElement>): void {
  const form = event.currentTarget
  event.preventDefault()
  forgetShopper()
  form.submit()
}

export default function AccountDropdown({ person, links }: { person: Person | null; links: CmsData<'accountMenu'>['privateLinks'] }) {
  const here = useHere()
  const loyaltyCard = useLoyaltyCard(person)
  return (
    <Dropdown id="account-dropdown" data-testid="account-dropdown">
      {person ? (
        <>
          <Greeting>{accountTexts.greeting(person.givenName)}</Greeting>
          <Email data-testid="account-email">{person.email}</Email>
          {loyaltyCard && <Email data-testid="account-loyalty-card">{accountTexts.loyaltyCard(loyaltyCard)}</Email>}
          <ul>
            {links.map((link) => (
              <li key={link.label}>
                <Item href={`${shopConfig.accountUrl}${link.accountSection}`} data-testid="account-link">
                  {link.label}
                </Item>
              </li>
            ))}
          </ul>
          {/* Logout changes state: a POST, so no link or image elsewhere can trigger it. It first clears what this browser keeps, as /logout does. */}
          <form method="post" action={providerLogoutHref(here)} onSubmit={logOut} data-testid="account-logout-form">
            <Logout type="submit" data-testid="account-logout">
              {accountTexts.logout}
            </Logout>
          </form>
        </>
      ) : (
        <>
          <Primary href={loginHref(here)} data-testid="account-login">
            {accountTexts.login}
          </Primary>
          <Item href={registrationHref(here)} data-testid="account-register">
            {accountTexts.newCustomer}
          </Item>
          <Item href={paths.guestOrder} data-testid="account-guest-order">
            {accountTexts.guestOrder}
          </Item>
        </>
      )}
    </Dropdown>
  )
}

const Dropdown = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: ${theme.zIndex.header + 2};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  width: 280px;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow.menu};
  ul {
    ${listReset}
    margin: ${theme.space.sm} 0;
    padding: ${theme.space.sm} 0;
    border-top: 1px solid ${theme.colors.line};
    border-bottom: 1px solid ${theme.colors.line};
  }
  a {
    ${focusRing()}
  }
`
const Greeting = styled.p`
  margin: 0;
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`
const Email = styled.p`
  margin: 0;
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.sm};
  overflow-wrap: anywhere;
`
const Item = styled.a`
  display: block;
  padding: 8px 0;
  color: ${theme.colors.ink};
  font-size: ${theme.font.size.sm};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`
const Primary = styled.a`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.inverse};
  font-weight: ${theme.font.weight.bold};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.brandDark};
  }
`
const Logout = styled.button`
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
  text-decoration: underline;
  color: ${theme.colors.brandDark};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
`

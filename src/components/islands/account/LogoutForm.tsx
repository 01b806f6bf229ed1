/**
 * The store's logout (req ROUTE-13, ID-09, SEC-07): a form the shopper sends.
 * Sending it clears what this browser keeps about the shopper, then posts the
 * provider logout (scope and returnUrl), which ends the platform session and
 * comes back to the storefront as a guest. Any page, of any site, may link to
 * /logout, so opening it logs no one out: the shopper presses 'Esci', or
 * arrived through a link of this site that left its mark as it was clicked
 * (`takeLogoutIntent`), and then it is sent at once. Without JavaScript the
 * button posts the same form; a tap before hydration is replayed once
 * hydrated, so the browser's state is cleared too.
 */
import { useEffect, useRef, type FormEvent } from 'react'
import { providerLogoutHref, shopConfig } from '../../../config/shop'
import { identityTexts } from '../../../config/texts/identity'
import { earlyTap } from '../../../sdk/core/earlyTaps'
import { forgetShopper } from '../../../sdk/account/logout'
import { takeLogoutIntent } from '../../../sdk/account/logoutIntent'
import { Button } from '../../ui/Button'

function logOut(form: HTMLFormElement): void {
  forgetShopper()
  form.submit()
}

export function LogoutForm() {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (form.current && takeLogoutIntent()) logOut(form.current)
  }, [])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    logOut(event.currentTarget)
  }
  return (
    <form ref={form} method="post" action={providerLogoutHref(`${shopConfig.storeUrl}/`)} onSubmit={onSubmit} data-testid="logout-form">
      <Button type="submit" {...earlyTap('logout')} data-testid="logout-button">
        {identityTexts.logoutButton}
      </Button>
    </form>
  )
}

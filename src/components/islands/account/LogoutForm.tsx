/**
 * The store's logout (req ROUTE-13, ID-09): clears what this browser keeps about the
 * shopper, then posts the provider logout (scope and returnUrl), which ends
 * the platform session and comes back to the storefront as a guest. Without
 * JavaScript the button posts the same form.
 */
import { useEffect, useRef } from 'react'
import { providerLogoutHref, shopConfig } from '../../../config/shop'
import { texts } from '../../../config/texts'
import { forgetShopper } from '../../../sdk/account/logout'
import { Button } from '../../ui/Button'

export function LogoutForm() {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    forgetShopper()
    form.current?.submit()
  }, [])
  return (
    <form ref={form} method="post" action={providerLogoutHref(`${shopConfig.storeUrl}/`)} data-testid="logout-form">
      <Button type="submit">{texts.identity.logoutButton}</Button>
    </form>
  )
}

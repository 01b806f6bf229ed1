/**
 * The minicart (req MINICART-01): a right-side slide-over over the page,
 * the 'minicart' panel of the panel system. Opening it locks the body's
 * scroll, traps focus and reports view_cart; the overlay, the close button
 * and Escape close it and focus goes back to the opener. Following 'Vai alla
 * cassa' reports begin-checkout.
 */
import { Link } from 'gatsby'
import { useEffect, useRef, type MouseEvent } from 'react'
import styled from 'styled-components'
import { listReset } from '../../ui/listReset'
import { CartIcon } from '../../ui/CartIcon'
import { CloseButton } from '../../ui/CloseButton'
import { Dialog, Overlay } from '../../ui/Dialog'
import { formatPrice } from '../../../config/format'
import { checkoutHref, shopConfig } from '../../../config/shop'
import { cartTexts } from '../../../config/texts/cart'
import type { CartItem } from '../../../domain/types'
import { checkoutState } from '../../../domain/checkout'
import { trackBeginCheckout, viewCartOnOpen } from '../../../sdk/cart/events'
import { useCart, useLoyaltyPoints } from '../../../sdk/cart/hooks'
import { cartState } from '../../../sdk/cart/state'
import { useIsVet, usePerson } from '../../../sdk/session/hooks'
import { useOnline } from '../../../sdk/offline/online'
import { useModal } from '../../../sdk/shell/overlay'
import { useMinicart, useUI } from '../../../sdk/shell/panels'
import { Button } from '../../ui/Button'
import { PickupInStore } from '../pickup/PickupInStore'
import { MinicartLine } from './MinicartLine'
import { theme } from '../../../config/theme'

export function Minicart() {
  const { displayMinicart, closeMinicart } = useMinicart()
  const { dispatch } = useUI()
  const { cart, lines, gifts, total, isValidating, isEmpty, unsynced, slow } = useCart()
  const panelRef = useRef<HTMLElement>(null)
  const person = usePerson()
  const online = useOnline()
  // Focus moves to the first control, the close button.
  useModal(panelRef, displayMinicart, closeMinicart)

  useEffect(() => {
    // Reported once per opening, with the cart as it is when the panel opens.
    viewCartOnOpen(displayMinicart, cartState.read, dispatch)
  }, [displayMinicart, dispatch])

  if (!displayMinicart) return null
  const checkout = checkoutState({ items: cart.items, total, isValidating, cartId: cart.id, unsynced })
  // Offline the platform's checkout cannot open: the button says so rather than waiting on a validation that cannot finish.
  const disabled = checkout.disabled || !online
  const onCheckout = (event: MouseEvent) => {
    if (disabled) {
      event.preventDefault()
      return
    }
    trackBeginCheckout({ cart, userId: person?.id ?? null, url: window.location.href, actionTrigger: 'minicart' })
  }

  return (
    <>
      {/* The second click of a double click that opened the panel is not a request to close it. */}
      <Overlay data-testid="minicart-overlay" onClick={(event) => event.detail <= 1 && closeMinicart()} />
      <Dialog ref={panelRef} as="aside" $placement="right" id="minicart" aria-labelledby="minicart-title" aria-busy={isValidating} data-testid="minicart">
        <Header>
          <Title id="minicart-title">{cartTexts.title}</Title>
          <CloseButton label={cartTexts.close} onClick={closeMinicart} />
        </Header>

        {isEmpty ? (
          <Empty data-testid="minicart-empty">
            <EmptyArt size={72} />
            <EmptyText>{cartTexts.empty}</EmptyText>
            <Button as={Link} to="/" onClick={closeMinicart}>
              {cartTexts.startShopping}
            </Button>
            <Button as="a" $variant="secondary" href={`${shopConfig.accountUrl}#/wishlist`}>
              {cartTexts.viewWishlist}
            </Button>
          </Empty>
        ) : (
          <>
            <Lines>
              {checkout.hasOutOfStock && <Banner role="alert">{cartTexts.outOfStockBanner}</Banner>}
              {unsynced && <Banner role="status">{cartTexts.unavailable}</Banner>}
              {slow && !unsynced && <Banner role="status">{cartTexts.slow}</Banner>}
              <List>
                {lines.map((item) => (
                  <MinicartLine key={item.id} item={item} />
                ))}
              </List>
              {gifts.length > 0 && (
                <>
                  <GiftsTitle>{cartTexts.gifts}</GiftsTitle>
                  <List data-testid="minicart-gifts">
                    {gifts.map((item) => (
                      <MinicartLine key={item.id} item={item} />
                    ))}
                  </List>
                </>
              )}
            </Lines>
            <Footer>
              {checkout.belowMinimum && <Warning data-testid="minicart-minimum">{cartTexts.minimumOrder}</Warning>}
              <LoyaltyBadge items={cart.items} orderFormId={cart.id} loggedIn={person !== null} />
              <PickupInStore items={lines.map((line) => ({ id: line.itemOffered.sku, quantity: line.quantity }))} testId="minicart-pickup" orderFormId={cart.id} />
              <Total>
                <span>{cartTexts.total}</span>
                <strong data-testid="minicart-total">{formatPrice(total)}</strong>
              </Total>
              <Button
                as="a"
                $block
                href={disabled ? undefined : checkoutHref(cart.id)}
                aria-disabled={disabled}
                data-testid="checkout-button"
                onClick={onCheckout}
              >
                {!online ? cartTexts.offline : isValidating ? cartTexts.validating : cartTexts.checkout}
              </Button>
            </Footer>
          </>
        )}
      </Dialog>
    </>
  )
}

/** Points the cart earns; a guest is told what they could have earned, a veterinarian sees nothing. */
function LoyaltyBadge({ items, orderFormId, loggedIn }: { items: CartItem[]; orderFormId: string; loggedIn: boolean }) {
  const points = useLoyaltyPoints(items)
  const isVet = useIsVet(orderFormId)
  if (points <= 0 || isVet !== false) return null
  return (
    <Loyalty data-testid="loyalty-badge">
      <LoyaltyIcon />
      <span>{loggedIn ? cartTexts.loyaltyLoggedIn(points) : cartTexts.loyaltyGuest(points)}</span>
    </Loyalty>
  )
}


function LoyaltyIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="m12 2 2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 16.8 6.1 20l1.3-6.5L2.5 8.9l6.6-.8Z" />
    </svg>
  )
}

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.line};
`
const Title = styled.h2`
  margin: 0;
  font-size: ${theme.font.size.lg};
`
const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${theme.space.md};
  padding: ${theme.space.xl} ${theme.space.lg};
  text-align: center;
`
const EmptyArt = styled(CartIcon)`
  align-self: center;
  color: ${theme.colors.line};
`
const EmptyText = styled.p`
  margin: 0 0 ${theme.space.sm};
  font-size: ${theme.font.size.lg};
  font-weight: ${theme.font.weight.bold};
`
const Lines = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 0 ${theme.space.md};
`
const List = styled.ul`
  ${listReset}
`
const GiftsTitle = styled.h3`
  margin: ${theme.space.md} 0 0;
  font-size: ${theme.font.size.sm};
  text-transform: uppercase;
`
const Banner = styled.p`
  margin: ${theme.space.md} 0 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.brandSoft};
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`
const Footer = styled.footer`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border-top: 1px solid ${theme.colors.line};
`
const Warning = styled.p`
  margin: 0;
  color: ${theme.colors.warning};
  font-size: ${theme.font.size.sm};
`
const Loyalty = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.ink};
  font-size: ${theme.font.size.sm};
  svg {
    flex: none;
    color: ${theme.colors.brand};
  }
`
const Total = styled.p`
  display: flex;
  justify-content: space-between;
  margin: 0;
  font-size: ${theme.font.size.lg};
`

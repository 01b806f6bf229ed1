import styled from 'styled-components'
import { visuallyHidden } from '../../ui/visuallyHidden'
import { CartIcon } from '../../ui/CartIcon'
import { headerControl } from '../../ui/headerControl'
import { headerTexts } from '../../../config/texts/header'
import { cartCount } from '../../../sdk/cart/count'
import { useSdkState } from '../../../sdk/core/useSdkState'
import { useMinicart } from '../../../sdk/shell/panels'
import { earlyTap } from '../../../sdk/core/earlyTaps'
import { theme } from '../../../config/theme'

/**
 * The header's cart button: toggles the minicart and shows the number of
 * units, gifts left out. A tap before hydration is replayed once hydrated.
 */
export function CartButton() {
  const { displayMinicart, openMinicart, closeMinicart } = useMinicart()
  const totalItems = useSdkState(cartCount)
  return (
    <Button
      type="button"
      {...earlyTap('minicart')}
      aria-label={headerTexts.cartButton}
      aria-expanded={displayMinicart}
      aria-controls="minicart"
      data-testid="cart-button"
      onClick={displayMinicart ? closeMinicart : openMinicart}
    >
      <CartIcon />
      <Label>{headerTexts.cartButton}</Label>
      {totalItems > 0 && <Badge data-testid="cart-count">{totalItems}</Badge>}
    </Button>
  )
}


const Button = styled.button`
  ${headerControl}
  position: relative;
`
const Label = styled.span`
  font-size: ${theme.font.size.sm};
  ${theme.media.belowNav} {
    ${visuallyHidden}
  }
`
const Badge = styled.span`
  position: absolute;
  top: 2px;
  left: 22px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  line-height: 20px;
  text-align: center;
`

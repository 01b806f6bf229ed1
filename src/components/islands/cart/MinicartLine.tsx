import { useState } from 'react'
import styled from 'styled-components'
import type { CartItem } from '../../../domain/types'
import { cartTexts } from '../../../config/texts/cart'
import { changeQuantity, removeLine } from '../../../sdk/cart/lineChanges'
import { isLineOutOfStock } from '../../../domain/checkout'
import { discountOf } from '../../../domain/discount'
import { Price } from '../../ui/Price'
import { ProductImage } from '../../ui/ProductImage'
import { QuantityStepper } from '../../ui/QuantityStepper'
import { theme } from '../../../config/theme'

/**
 * One minicart line: picture (55 px, 50/100/150 breakpoints), name, the
 * quantity times unitMultiplier, the list price only when the discount
 * percentage is above 0, a stepper from 1 to the line's maximum, and remove.
 * While a change or removal runs the line is busy and its controls wait.
 */
export function MinicartLine({ item }: { item: CartItem }) {
  const [busy, setBusy] = useState(false)
  const image = item.itemOffered.image[0]
  const multiplier = item.itemOffered.productSpecifications.unitMultiplier || 1
  const max = item.itemOffered.productSpecifications.maxQuantity
  const outOfStock = isLineOutOfStock(item)
  const showListPrice = discountOf(item).percentage > 0

  const run = async (task: () => Promise<void>) => {
    setBusy(true)
    try {
      await task()
    } catch {
      /* the line stays; only the loading state clears (req CART-20) */
    } finally {
      setBusy(false)
    }
  }

  return (
    <Line data-testid="minicart-line" data-sku={item.itemOffered.sku} aria-busy={busy}>
      {image && <Thumb image={image} width={55} breakpoints={[50, 100, 150]} />}
      <Details>
        <Name>{item.itemOffered.name}</Name>
        <Meta>
          <span data-testid="minicart-line-quantity">{item.quantity * multiplier}</span>
          <span aria-hidden="true">×</span>
          <Price price={item.price} listPrice={showListPrice ? item.listPrice : undefined} testId="minicart-line-price" />
        </Meta>
        {outOfStock && (
          <OutOfStock role="alert" data-testid="minicart-line-unavailable">
            <strong>{cartTexts.outOfStockLine}</strong> {cartTexts.outOfStockAction}
          </OutOfStock>
        )}
        {!item.isGift && (
          <Actions>
            <QuantityStepper
              compact
              testId="minicart-quantity"
              value={item.quantity}
              min={1}
              // An unavailable line can only go down; a maximum of 0 means none.
              max={outOfStock ? item.quantity : max > 0 ? max : Infinity}
              disabled={busy}
              onChange={(quantity) => run(() => changeQuantity(item, quantity))}
            />
            <Remove type="button" disabled={busy} data-testid="minicart-line-remove" onClick={() => run(() => removeLine(item))}>
              {cartTexts.remove}
            </Remove>
          </Actions>
        )}
      </Details>
    </Line>
  )
}

const Line = styled.li`
  display: grid;
  grid-template-columns: 55px 1fr;
  gap: ${theme.space.md};
  padding: ${theme.space.md} 0;
  border-bottom: 1px solid ${theme.colors.line};
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`
const Thumb = styled(ProductImage)`
  width: 55px;
  min-height: 55px;
  align-self: start;
  overflow: hidden;
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.surfaceAlt};
  /* A picture that cannot load (the platform is unreachable) leaves a tidy tile, not its alt text spilling out. */
  font-size: 0;
`
const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  min-width: 0;
`
const Name = styled.p`
  margin: 0;
  font-size: ${theme.font.size.sm};
`
const Meta = styled.p`
  display: flex;
  gap: ${theme.space.sm};
  align-items: baseline;
  margin: 0;
`
const OutOfStock = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.xs};
`
const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
`
const Remove = styled.button`
  border: 0;
  background: transparent;
  color: ${theme.colors.inkSoft};
  text-decoration: underline;
  cursor: pointer;
  font-size: ${theme.font.size.sm};
`

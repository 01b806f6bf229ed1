import { useState } from 'react'
import styled from 'styled-components'
import type { CartItem } from '../../domain/types'
import { texts } from '../../config/texts'
import { changeQuantity, removeLine } from '../../sdk/cart/actions'
import { isLineOutOfStock } from '../../domain/checkout'
import { discountOf } from '../../domain/discount'
import { Price } from '../ui/Price'
import { ProductImage } from '../ui/ProductImage'

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
      /* the line stays; only the loading state clears (spec §4) */
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
            <strong>{texts.cart.outOfStockLine}</strong> {texts.cart.outOfStockAction}
          </OutOfStock>
        )}
        {!item.isGift && (
          <Actions>
            <Stepper>
              <button type="button" aria-label={texts.cart.decrease} disabled={busy || item.quantity <= 1} onClick={() => run(() => changeQuantity(item, item.quantity - 1))}>
                −
              </button>
              <output aria-label={texts.cart.quantity}>{item.quantity}</output>
              <button type="button" aria-label={texts.cart.increase} disabled={busy || outOfStock || (max > 0 && item.quantity >= max)} onClick={() => run(() => changeQuantity(item, item.quantity + 1))}>
                +
              </button>
            </Stepper>
            <Remove type="button" disabled={busy} data-testid="minicart-line-remove" onClick={() => run(() => removeLine(item))}>
              {texts.cart.remove}
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
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  &[aria-busy='true'] {
    opacity: 0.6;
  }
`
const Thumb = styled(ProductImage)`
  width: 55px;
  min-height: 55px;
  align-self: start;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  /* A picture that cannot load (the platform is unreachable) leaves a tidy tile, not its alt text spilling out. */
  font-size: 0;
`
const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`
const Name = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Meta = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: baseline;
  margin: 0;
`
const OutOfStock = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.xs};
`
const Actions = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
`
const Stepper = styled.div`
  display: inline-flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.pill};
  button {
    width: 36px;
    height: 36px;
    border: 0;
    background: transparent;
    cursor: pointer;
    font-size: 18px;
  }
  button:disabled {
    opacity: 0.4;
    cursor: not-allowed;
  }
  output {
    min-width: 28px;
    text-align: center;
  }
`
const Remove = styled.button`
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.inkSoft};
  text-decoration: underline;
  cursor: pointer;
  font-size: ${({ theme }) => theme.font.size.sm};
`

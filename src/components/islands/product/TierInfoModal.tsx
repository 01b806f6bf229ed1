/**
 * The progressive-info modal (req PRODUCT-05, PICKUP-15): how the product's progressive
 * discount works, from its own tiers: each quantity band with its unit price
 * and saving, the 5 % extra when the product has it, and a worked example.
 * A panel of the panel system; loaded the first time it opens.
 */
import styled from 'styled-components'
import { formatPrice } from '../../../config/format'
import { productTexts } from '../../../config/texts/product'
import { addedToCartTexts } from '../../../config/texts/addedToCart'
import type { TierRow } from '../../../domain/tiers'
import { useModalPanel } from '../../../sdk/shell/overlay'
import { DialogBody } from '../../ui/Dialog'
import { ModalCard } from '../../ui/ModalCard'
import { theme } from '../../../config/theme'

export interface TierInfoProps {
  /** The catalog unit price, paid below the first tier. */
  price: number
  tiers: TierRow[]
  extraDiscount: boolean
}

export default function TierInfoModal({ price, tiers, extraDiscount }: TierInfoProps) {
  const panel = useModalPanel<HTMLDivElement>('tierInfo')
  const first = tiers[0]
  return (
    <ModalCard ref={panel.ref} title={productTexts.tierInfoTitle} closeLabel={addedToCartTexts.close} onClose={panel.close} testId="tier-info">
        <Body>
          <p>{productTexts.tierInfoIntro}</p>
          <Table>
            <thead>
              <tr>
                <th scope="col">{productTexts.tierInfoQuantity}</th>
                <th scope="col">{productTexts.tierInfoUnitPrice}</th>
                <th scope="col">{productTexts.tierInfoSaving}</th>
              </tr>
            </thead>
            <tbody>
              {first && (
                <tr data-testid="tier-info-row">
                  <th scope="row">{productTexts.tierInfoBase(first.minQuantity - 1)}</th>
                  <td>{formatPrice(price)}</td>
                  <td>–</td>
                </tr>
              )}
              {tiers.map((tier, i) => {
                const next = tiers[i + 1]
                return (
                  <tr key={tier.minQuantity} data-testid="tier-info-row">
                    <th scope="row">{productTexts.tierInfoRange(tier.minQuantity, next ? next.minQuantity - 1 : null)}</th>
                    <td>{formatPrice(tier.value)}</td>
                    <td>-{tier.saving}%</td>
                  </tr>
                )
              })}
            </tbody>
          </Table>
          {extraDiscount && <Extra data-testid="tier-info-extra">{productTexts.tierExtra}</Extra>}
          {first && (
            <p data-testid="tier-info-example">
              {productTexts.tierInfoExample(first.minQuantity, formatPrice(first.value * first.minQuantity), formatPrice((price - first.value) * first.minQuantity))}
            </p>
          )}
        </Body>
    </ModalCard>
  )
}

const Body = styled(DialogBody)`
  font-size: ${theme.font.size.sm};
  p {
    margin: 0;
  }
`
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${theme.space.sm};
    border-bottom: 1px solid ${theme.colors.line};
    text-align: left;
  }
  tbody th {
    font-weight: ${theme.font.weight.regular};
  }
  td:last-child,
  thead th:last-child {
    text-align: right;
  }
`
const Extra = styled.p`
  color: ${theme.colors.success};
  font-weight: ${theme.font.weight.semibold};
`

/**
 * The product page's buying controls: variant (size or weight), quantity
 * within the minimum order and the variant's maximum, the progressive
 * discount table, the one-off or periodic (subscription) choice and the
 * add-to-cart button. The state lives in `useBuyBox`; adding opens the
 * add-to-cart modal, and an info button next to the discount table opens the
 * progressive-info modal. Both modals' code loads the first time they open.
 * The box is a form that adds without JavaScript (req CART-30); when that add
 * fails, the page comes back with the reason as its fragment, and the
 * matching message shows through `:target`.
 */
import { lazy, Suspense } from 'react'
import styled from 'styled-components'
import type { Product, ProductVariant } from '../../../domain/types'
import { isOutOfStock } from '../../../domain/stock'
import { formatPrice } from '../../../config/format'
import { productTexts } from '../../../config/texts/product'
import { addToCartOutcome } from '../../../config/paths'
import { useBuyBox } from '../../../sdk/product/useBuyBox'
import { usePanel } from '../../../sdk/shell/panels'
import { Button } from '../../ui/Button'
import { choiceRow } from '../../ui/CheckboxRow'
import { Price } from '../../ui/Price'
import { QuantityStepper } from '../../ui/QuantityStepper'
import { linkButton } from '../../ui/linkButton'
import { useStableId } from '../../../sdk/core/stableId'
import { theme } from '../../../config/theme'

const AddedToCartModal = lazy(() => import('../cart/AddedToCartModal'))
const TierInfoModal = lazy(() => import('./TierInfoModal'))

interface Props {
  product: Product
  /** The chosen variant, when a parent (the gallery's owner) keeps it. */
  variantIndex: number
  onVariantChange: (index: number) => void
}

export function ProductBuyBox({ product, variantIndex, onVariantChange }: Props) {
  const variant = product.hasVariant[variantIndex] ?? product.hasVariant[0]
  if (!variant) return null
  return <BuyBox product={product} variant={variant} variantIndex={variantIndex} onVariantChange={onVariantChange} />
}

function BuyBox({ product, variant, variantIndex, onVariantChange }: Props & { variant: ProductVariant }) {
  const box = useBuyBox(product, variant)
  const tierInfo = usePanel('tierInfo', { closeOnUnmount: true })
  const groupId = useStableId('variants')
  const { price, listPrice } = variant.offers

  return (
    <Box as="form" {...box.formProps} data-testid="buy-box">
      {Object.entries(box.hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <PriceLine>
        <Price price={box.unitPrice} listPrice={Math.max(listPrice, price)} testId="product-price" />
        {box.unitPrice < price && <TierApplied data-testid="tier-applied">{productTexts.tierApplied}</TierApplied>}
      </PriceLine>

      {product.hasVariant.length > 1 && (
        <fieldset>
          <legend>{productTexts.variant}</legend>
          <Variants>
            {product.hasVariant.map((v, i) => (
              <VariantButton
                key={v.sku}
                type="button"
                aria-pressed={i === variantIndex}
                data-testid="variant-option"
                data-sku={v.sku}
                $unavailable={isOutOfStock(v)}
                onClick={() => onVariantChange(i)}
              >
                <span>{v.name}</span>
                <small>{isOutOfStock(v) ? productTexts.outOfStock : formatPrice(v.offers.price)}</small>
              </VariantButton>
            ))}
          </Variants>
        </fieldset>
      )}

      {box.tiers.length > 0 && (
        <TierInfoButton type="button" onClick={tierInfo.open} aria-haspopup="dialog" data-testid="tier-info-open">
          <span aria-hidden="true">i</span> {productTexts.tierInfo}
        </TierInfoButton>
      )}
      {box.tiers.length > 0 && (
        <Tiers data-testid="tier-table">
          <caption>{productTexts.tiersTitle}</caption>
          <tbody>
            {box.tiers.map((tier) => (
              <tr key={tier.minQuantity} aria-current={box.isCurrentTier(tier) ? 'true' : undefined} data-testid="tier-row">
                <th scope="row">{productTexts.tierFrom(tier.minQuantity)}</th>
                <td data-testid="tier-value">
                  {formatPrice(tier.value)} {productTexts.tierEach}
                </td>
                <td>-{tier.saving}%</td>
              </tr>
            ))}
          </tbody>
          {product.tierExtraDiscount && (
            <tfoot>
              <tr>
                <td colSpan={3} data-testid="tier-extra">
                  {productTexts.tierExtra}
                </td>
              </tr>
            </tfoot>
          )}
        </Tiers>
      )}

      {box.frequencies.length > 0 && (
        <fieldset data-testid="purchase-mode">
          <legend>{productTexts.purchaseMode}</legend>
          <Choice>
            <input type="radio" id={`${groupId}-once`} {...box.oneOffProps} />
            <label htmlFor={`${groupId}-once`}>{productTexts.oneTime}</label>
          </Choice>
          <Choice>
            <input type="radio" id={`${groupId}-sub`} {...box.subscriptionProps} data-testid="subscription-option" />
            <label htmlFor={`${groupId}-sub`}>
              {productTexts.subscription} <small>{productTexts.subscriptionHint}</small>
            </label>
          </Choice>
          {box.frequency !== null && (
            <Frequency>
              <span>{productTexts.frequency}</span>
              <select {...box.frequencyProps} data-testid="subscription-frequency">
                {box.frequencies.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </Frequency>
          )}
        </fieldset>
      )}

      {box.unavailable ? (
        <Unavailable role="status" data-testid="out-of-stock">
          {productTexts.outOfStockNotice}
        </Unavailable>
      ) : (
        <Row>
          <QuantityStepper {...box.stepperProps} />
          <Limits>
            {box.minimum > 1 && <span data-testid="min-order">{productTexts.minOrder(box.minimum)}</span>}
            {box.count >= box.maximum && <span data-testid="max-order">{productTexts.maxOrder(box.maximum)}</span>}
          </Limits>
        </Row>
      )}
      <AddFailed id={addToCartOutcome.refused} role="alert" data-testid="add-refused">
        {productTexts.addRefused}
      </AddFailed>
      <AddFailed id={addToCartOutcome.unreachable} role="alert" data-testid="add-unreachable">
        {productTexts.addUnreachable}
      </AddFailed>
      <Button type="submit" $block {...box.buyButtonProps}>
        {box.unavailable ? productTexts.outOfStock : productTexts.addToCart}
      </Button>
      {/* Only while a modal is open: a boundary in the server's HTML would hydrate after the rest of the
          buy box, and a tap replayed before then would make React render it again (React error 421). */}
      {(box.addedOpen || tierInfo.isOpen) && (
        <Suspense fallback={null}>
          {box.addedOpen && <AddedToCartModal />}
          {tierInfo.isOpen && <TierInfoModal price={price} tiers={box.tiers} extraDiscount={product.tierExtraDiscount} />}
        </Suspense>
      )}
    </Box>
  )
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
  }
  legend {
    font-size: ${theme.font.size.sm};
    font-weight: ${theme.font.weight.bold};
    margin-bottom: ${theme.space.sm};
  }
`
const PriceLine = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  font-size: ${theme.font.size.xl};
`
const TierApplied = styled.span`
  font-size: ${theme.font.size.xs};
  color: ${theme.colors.success};
  font-weight: ${theme.font.weight.bold};
`
const Variants = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`
const VariantButton = styled.button<{ $unavailable: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  min-width: 96px;
  min-height: 52px;
  padding: ${theme.space.xs} ${theme.space.md};
  border: 2px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
  cursor: pointer;
  color: ${({ $unavailable }) => ($unavailable ? theme.colors.inkSoft : theme.colors.ink)};
  small {
    font-weight: ${theme.font.weight.regular};
    color: ${theme.colors.inkSoft};
  }
  &[aria-pressed='true'] {
    border-color: ${theme.colors.brand};
    box-shadow: inset 0 0 0 1px ${theme.colors.brand};
  }
`
const TierInfoButton = styled.button`
  ${linkButton}
  display: inline-flex;
  align-items: center;
  align-self: flex-start;
  gap: ${theme.space.xs};
  font-size: ${theme.font.size.sm};
  span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 20px;
    height: 20px;
    border: 1.5px solid currentColor;
    border-radius: 50%;
    font-style: italic;
    font-weight: ${theme.font.weight.bold};
  }
`
const Tiers = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.font.size.sm};
  caption {
    text-align: left;
    font-weight: ${theme.font.weight.bold};
    margin-bottom: ${theme.space.xs};
  }
  th,
  td {
    padding: ${theme.space.sm};
    border-bottom: 1px solid ${theme.colors.line};
    text-align: left;
  }
  th {
    font-weight: ${theme.font.weight.regular};
  }
  td:last-child {
    text-align: right;
    color: ${theme.colors.brand};
    font-weight: ${theme.font.weight.bold};
  }
  tr[aria-current='true'] {
    background: ${theme.colors.surfaceAlt};
    font-weight: ${theme.font.weight.bold};
  }
  tfoot td {
    border: 0;
    text-align: left !important;
    color: ${theme.colors.success} !important;
    font-size: ${theme.font.size.xs};
  }
`
const Choice = styled.div`
  ${choiceRow}
  small {
    display: block;
    color: ${theme.colors.inkSoft};
  }
`
const Frequency = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  margin: ${theme.space.xs} 0 0 28px;
  font-size: ${theme.font.size.sm};
  select {
    min-height: 40px;
    padding: 0 ${theme.space.sm};
    border: 1px solid ${theme.colors.line};
    border-radius: ${theme.radius.md};
    font: inherit;
  }
`
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.md};
`
const Limits = styled.div`
  display: flex;
  flex-direction: column;
  font-size: ${theme.font.size.xs};
  color: ${theme.colors.inkSoft};
`
const Unavailable = styled.p`
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`
/* Shown only when the address's fragment names it: the form's answer after a failed add without JavaScript. */
const AddFailed = styled(Unavailable)`
  display: none;
  /* The browser scrolls the target into view: below the sticky header, not under it. */
  scroll-margin-top: 120px;
  &:target {
    display: block;
  }
`

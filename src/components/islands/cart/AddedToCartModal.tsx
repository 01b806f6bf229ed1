/**
 * The add-to-cart modal (req PRODUCT-06, PICKUP-15): confirms the product just added from the
 * product page, with its quantity and price and how the order reaches the
 * shopper (the chosen store with its pickup time as it is now, or home
 * delivery). "Vai al carrello" opens the minicart; "Continua lo shopping"
 * closes it. A panel of the panel system; loaded the first time it opens.
 */
import styled from 'styled-components'
import { productTexts } from '../../../config/texts/product'
import { addedToCartTexts } from '../../../config/texts/addedToCart'
import { lastAdded } from '../../../sdk/product/addedToCart'
import { useChosenStore } from '../../../sdk/pickup/chosenStore'
import { pickupText } from '../../../sdk/pickup/pickupText'
import { useModalPanel } from '../../../sdk/shell/overlay'
import { useMinicart } from '../../../sdk/shell/panels'
import { useSdkState } from '../../../sdk/core/useSdkState'
import { Button } from '../../ui/Button'
import { DialogBody } from '../../ui/Dialog'
import { ModalCard } from '../../ui/ModalCard'
import { Price } from '../../ui/Price'
import { ProductImage } from '../../ui/ProductImage'
import { theme } from '../../../config/theme'

export default function AddedToCartModal() {
  const panel = useModalPanel<HTMLDivElement>('addedToCart')
  const added = useSdkState(lastAdded)
  const store = useChosenStore()
  const { openMinicart } = useMinicart()
  if (!added) return null
  return (
    <ModalCard
      ref={panel.ref}
      title={
        <>
          <Check aria-hidden="true">✓</Check> {addedToCartTexts.title}
        </>
      }
      closeLabel={addedToCartTexts.close}
      onClose={panel.close}
      testId="added-to-cart-modal"
    >
        <DialogBody>
          <Line data-testid="added-to-cart-product" data-sku={added.skuId}>
            <Thumb>{added.image && <ProductImage image={added.image} width={88} breakpoints={[88, 176]} loading="eager" />}</Thumb>
            <div>
              <Brand>{added.brand}</Brand>
              <strong>{added.name}</strong>
              <p>
                {added.variantName}
                {added.subscription && ` · ${productTexts.subscription}: ${added.subscription}`}
              </p>
              <p data-testid="added-to-cart-quantity">{addedToCartTexts.quantity(added.quantity)}</p>
              <Price price={added.unitPrice} listPrice={added.listPrice} />
            </div>
          </Line>
          <Delivery data-testid="added-to-cart-delivery">
            {store ? addedToCartTexts.pickupAt(store.name, pickupText(store)) : addedToCartTexts.homeDelivery}
          </Delivery>
          <Actions>
            <Button type="button" $variant="secondary" onClick={panel.close} data-testid="added-to-cart-continue">
              {addedToCartTexts.continue}
            </Button>
            <Button type="button" onClick={openMinicart} data-testid="added-to-cart-go-to-cart">
              {addedToCartTexts.goToCart}
            </Button>
          </Actions>
        </DialogBody>
    </ModalCard>
  )
}

const Check = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  margin-right: ${theme.space.xs};
  border-radius: 50%;
  background: ${theme.colors.success};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.sm};
`
const Line = styled.div`
  display: flex;
  gap: ${theme.space.md};
  font-size: ${theme.font.size.sm};
  p {
    margin: ${theme.space.xs} 0;
    color: ${theme.colors.inkSoft};
  }
`
const Thumb = styled.div`
  flex: 0 0 88px;
`
const Brand = styled.span`
  display: block;
  font-size: ${theme.font.size.xs};
  text-transform: uppercase;
  color: ${theme.colors.inkSoft};
`
const Delivery = styled.p`
  margin: 0;
  padding: ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.surfaceAlt};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.semibold};
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  > * {
    flex: 1 1 180px;
  }
`

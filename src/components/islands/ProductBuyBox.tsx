/**
 * The product page's buying controls: variant choice, quantity and the
 * add-to-cart button. The chosen variant drives the price shown.
 */
import { useState } from 'react'
import styled from 'styled-components'
import type { Product } from '../../commerce/types'
import { isOutOfStock } from '../../commerce/stock'
import { texts } from '../../config/texts'
import { useBuyButton } from '../../sdk/cart/useBuyButton'
import { Button } from '../ui/Button'
import { Price } from '../ui/Price'

export function ProductBuyBox({ product }: { product: Product }) {
  const firstAvailable = product.hasVariant.findIndex((v) => !isOutOfStock(v))
  const [selected, setSelected] = useState(Math.max(0, firstAvailable))
  const variant = product.hasVariant[selected] ?? product.hasVariant[0]
  const quantity = Math.max(1, product.minQuantity)
  if (!variant) return null
  return (
    <Box>
      <Price price={variant.offers.price} listPrice={variant.offers.listPrice} testId="product-price" />
      {product.hasVariant.length > 1 && (
        <fieldset>
          <legend>{texts.product.variant}</legend>
          <Variants>
            {product.hasVariant.map((v, i) => (
              <VariantButton
                key={v.sku}
                type="button"
                aria-pressed={i === selected}
                data-testid="variant-option"
                data-sku={v.sku}
                $unavailable={isOutOfStock(v)}
                onClick={() => setSelected(i)}
              >
                {v.name}
              </VariantButton>
            ))}
          </Variants>
        </fieldset>
      )}
      <BuyButton product={product} variant={variant} quantity={quantity} />
    </Box>
  )
}

function BuyButton({ product, variant, quantity }: { product: Product; variant: Product['hasVariant'][number]; quantity: number }) {
  const props = useBuyButton({ product, variant, quantity })
  return (
    <Button type="button" $block {...props}>
      {isOutOfStock(variant) ? texts.product.outOfStock : texts.product.addToCart}
    </Button>
  )
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.lg};
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
  }
  legend {
    font-size: ${({ theme }) => theme.font.size.sm};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`
const Variants = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`
const VariantButton = styled.button<{ $unavailable: boolean }>`
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  text-decoration: ${({ $unavailable }) => ($unavailable ? 'line-through' : 'none')};
  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.brand};
  }
`

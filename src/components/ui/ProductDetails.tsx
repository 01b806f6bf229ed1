/** The product page's badges and delivery estimate (its description and properties: ProductInformation.tsx). */
import styled from 'styled-components'
import { deliveryEstimate } from '../../domain/delivery'
import type { Product } from '../../domain/types'
import { shopConfig } from '../../config/shop'
import { productTexts } from '../../config/texts/product'
import { theme } from '../../config/theme'

export function ProductBadges({ product }: { product: Product }) {
  if (!product.brand.privateLabel && !product.fastPicking) return null
  return (
    <Badges>
      {product.brand.privateLabel && <Badge data-testid="badge-private-label">{productTexts.privateLabel}</Badge>}
      {product.fastPicking && (
        <Badge data-testid="badge-fast-picking" $tone="success">
          {productTexts.fastPicking}
        </Badge>
      )}
    </Badges>
  )
}

/** The home-delivery estimate for `postalCode`, the shopper's once known; the default Ligurian one until then. */
export function DeliveryInfo({ product, postalCode = null }: { product: Product; postalCode?: string | null }) {
  const estimate = deliveryEstimate(product, shopConfig.delivery, postalCode)
  return (
    <Delivery data-testid="delivery-estimate">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        <circle cx="7" cy="17" r="1.8" fill="currentColor" />
        <circle cx="17" cy="17" r="1.8" fill="currentColor" />
      </svg>
      <div>
        <strong>{productTexts.delivery}</strong>
        <span>{estimate.kind === 'days' ? productTexts.deliveryDays(estimate.min, estimate.max) : productTexts.deliveryWorkingDays(estimate.max)}</span>
        <small data-testid="delivery-postal-code">{productTexts.deliveryFrom(estimate.postalCode)}</small>
      </div>
    </Delivery>
  )
}

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`
const Badge = styled.span<{ $tone?: 'success' }>`
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${({ $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.ink)};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  text-transform: uppercase;
  letter-spacing: 0.03em;
`
const Delivery = styled.div`
  display: flex;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  font-size: ${theme.font.size.sm};
  div {
    display: flex;
    flex-direction: column;
  }
  small {
    color: ${theme.colors.inkSoft};
  }
`

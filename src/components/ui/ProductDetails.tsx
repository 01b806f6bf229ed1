/** The product page's static blocks: badges, delivery estimate, description and grouped properties. */
import styled from 'styled-components'
import { deliveryEstimate } from '../../domain/delivery'
import { groupProperties } from '../../domain/properties'
import type { Product } from '../../domain/types'
import { shopConfig } from '../../config/shop'
import { texts } from '../../config/texts'
import { theme } from '../../config/theme'

export function ProductBadges({ product }: { product: Product }) {
  if (!product.brand.privateLabel && !product.fastPicking) return null
  return (
    <Badges>
      {product.brand.privateLabel && <Badge data-testid="badge-private-label">{texts.product.privateLabel}</Badge>}
      {product.fastPicking && (
        <Badge data-testid="badge-fast-picking" $tone="success">
          {texts.product.fastPicking}
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
        <strong>{texts.product.delivery}</strong>
        <span>{estimate.kind === 'days' ? texts.product.deliveryDays(estimate.min, estimate.max) : texts.product.deliveryWorkingDays(estimate.max)}</span>
        <small data-testid="delivery-postal-code">{texts.product.deliveryFrom(estimate.postalCode)}</small>
      </div>
    </Delivery>
  )
}

export function ProductInformation({ product }: { product: Product }) {
  const groups = groupProperties(product.properties)
  return (
    <Sections>
      <section>
        <h2>{texts.product.description}</h2>
        <p>{product.description}</p>
      </section>
      {groups.length > 0 && (
        <section>
          <h2>{texts.product.properties}</h2>
          <dl data-testid="product-properties">
            {groups.map((group) => (
              <div key={group.name} data-testid="property-group">
                <dt>{group.name}</dt>
                <dd>{group.values.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </Sections>
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
const Sections = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  align-items: start;
  gap: ${theme.space.lg};
  margin-top: ${theme.space.lg};
  section {
    padding: ${theme.space.md};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
  }
  h2 {
    margin-top: 0;
    font-size: ${theme.font.size.lg};
  }
  dl {
    margin: 0;
  }
  dl div {
    display: grid;
    grid-template-columns: minmax(120px, 40%) 1fr;
    gap: ${theme.space.md};
    padding: ${theme.space.sm} 0;
    border-bottom: 1px solid ${theme.colors.line};
    font-size: ${theme.font.size.sm};
  }
  dt {
    color: ${theme.colors.inkSoft};
  }
  dd {
    margin: 0;
  }
  ${theme.media.nav} {
    grid-template-columns: 1fr 1fr;
  }
`

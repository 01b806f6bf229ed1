import { Link } from 'gatsby'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { ProductSummary } from '../../domain/types'
import { isOutOfStock, shownVariant } from '../../domain/stock'
import { productTexts } from '../../config/texts/product'
import { Price } from './Price'
import { ProductImage } from './ProductImage'
import { theme } from '../../config/theme'

export type CardVariant = ProductSummary['hasVariant'][number]

interface Props {
  product: ProductSummary
  loading?: 'eager' | 'lazy'
  /** A control over the picture's top right corner (the wishlist heart), for the variant the card shows. */
  corner?: (product: ProductSummary, variant: CardVariant) => ReactNode
  /** Called when the shopper follows the card's link (analytics' select_item). */
  onSelect?: (product: ProductSummary) => void
}

/** A product in a grid: picture, brand, name and the cheapest variant's price. */
export function ProductCard({ product, loading, corner, onSelect }: Props) {
  const variant = shownVariant(product)
  if (!variant) return null
  const image = variant.image[0]
  const { price, listPrice } = variant.offers
  const discount = listPrice > price ? Math.round((1 - price / listPrice) * 100) : 0
  return (
    <Card data-testid="product-card" data-product-id={product.id}>
      <Link to={`/${product.slug}/p`} data-testid="product-card-link" onClick={onSelect && (() => onSelect(product))}>
        <Picture>
          {image && <ProductImage image={image} width={320} breakpoints={[160, 320, 640]} loading={loading} />}
          {discount > 0 && !isOutOfStock(variant) && <Discount>-{discount}%</Discount>}
        </Picture>
        <Brand>{product.brand.name}</Brand>
        <Name>{product.name}</Name>
      </Link>
      {corner && <Corner>{corner(product, variant)}</Corner>}
      {isOutOfStock(variant) ? <Unavailable>{productTexts.outOfStock}</Unavailable> : <Price price={variant.offers.price} listPrice={variant.offers.listPrice} testId="card-price" />}
    </Card>
  )
}

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  padding: ${theme.space.md};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.md};
  a {
    color: inherit;
    text-decoration: none;
  }
`
/** Outside the card's link: a control inside a link is not valid HTML. */
const Corner = styled.div`
  position: absolute;
  top: ${theme.space.sm};
  right: ${theme.space.sm};
`
const Picture = styled.div`
  position: relative;
`
const Discount = styled.span`
  position: absolute;
  top: ${theme.space.xs};
  left: ${theme.space.xs};
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.brand};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
`
const Brand = styled.p`
  margin: ${theme.space.sm} 0 0;
  font-size: ${theme.font.size.xs};
  text-transform: uppercase;
  color: ${theme.colors.inkSoft};
`
const Name = styled.h3`
  margin: 0;
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.regular};
  line-height: 1.35;
`
const Unavailable = styled.span`
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.sm};
`

import styled from 'styled-components'
import { listReset } from './listReset'
import type { ProductSummary } from '../../domain/types'
import { ProductCard, type CardVariant } from './ProductCard'
import { memo, type ReactNode } from 'react'
import { theme } from '../../config/theme'

/**
 * A responsive grid of product cards; the first row loads eagerly. Memoised: a listing re-renders for
 * its own state (hydration, a pending filter, loading), and the grid only when its products change.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  columns = 4,
  cardCorner,
  onSelect,
}: {
  products: ProductSummary[]
  columns?: 3 | 4
  cardCorner?: (product: ProductSummary, variant: CardVariant) => ReactNode
  onSelect?: (product: ProductSummary, index: number) => void
}) {
  return (
    <Grid data-testid="product-grid" $columns={columns}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} loading={i < 4 ? 'eager' : 'lazy'} corner={cardCorner} onSelect={onSelect && (() => onSelect(product, i))} />
        </li>
      ))}
    </Grid>
  )
})

const Grid = styled.ul<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.md};
  ${listReset}
  ${theme.media.nav} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`

import styled from 'styled-components'
import type { Product } from '../../commerce/types'
import { ProductCard } from '../ui/ProductCard'

/** A responsive grid of product cards; the first row loads eagerly. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <Grid data-testid="product-grid">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} loading={i < 4 ? 'eager' : 'lazy'} />
        </li>
      ))}
    </Grid>
  )
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.nav} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`

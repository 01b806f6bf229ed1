import { render, screen } from '@testing-library/react'
import { product } from '../../testing/fixtures'
import { ProductBadges } from './ProductDetails'

describe('ProductBadges', () => {
  it('marks a private-label product and a fast-picking one', () => {
    render(<ProductBadges product={product({ brand: { id: 'b2', slug: 'zampa-amica', name: 'Zampa Amica', privateLabel: true }, fastPicking: true })} />)
    expect(screen.getByTestId('badge-private-label').textContent).toBe('Marchio esclusivo')
    expect(screen.getByTestId('badge-fast-picking').textContent).toBe('Ritiro veloce in negozio')
  })

  it('shows nothing for a product that is neither', () => {
    const { container } = render(<ProductBadges product={product()} />)
    expect(container.textContent).toBe('')
  })
})

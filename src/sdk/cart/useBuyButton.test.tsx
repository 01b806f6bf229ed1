import { act, fireEvent, screen } from '@testing-library/react'
import { product } from '../../testing/fixtures'
import { renderWithProviders } from '../../testing/render'
import { cartState } from './state'
import { useBuyButton } from './useBuyButton'

jest.mock('../core/graphql', () => ({
  ...jest.requireActual('../core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

function Buy() {
  const item = product()
  const props = useBuyButton({ product: item, variant: item.hasVariant[0]!, quantity: 1 })
  return <button {...props}>Aggiungi</button>
}

const quantities = () => cartState.read().items.map((i) => [i.itemOffered.sku, i.quantity])

describe('useBuyButton', () => {
  beforeEach(async () => {
    await act(async () => cartState.set({ id: '', items: [], messages: [], shouldSplitItem: false }))
  })

  it('adds the variant on a click and sums a second, separate click into the same line', async () => {
    renderWithProviders(<Buy />)
    const button = screen.getByTestId('buy-button')
    expect(button.getAttribute('data-sku')).toBe('1001')
    await act(async () => {
      fireEvent.click(button, { detail: 1 })
    })
    await act(async () => {
      fireEvent.click(button, { detail: 1 })
    })
    expect(quantities()).toEqual([['1001', 2]])
  })

  it('takes a double click as one add', async () => {
    renderWithProviders(<Buy />)
    const button = screen.getByTestId('buy-button')
    await act(async () => {
      fireEvent.click(button, { detail: 1 })
      fireEvent.click(button, { detail: 2 })
    })
    expect(quantities()).toEqual([['1001', 1]])
  })

  it('adds nothing for an out-of-stock variant', async () => {
    function BuyMissing() {
      const item = product()
      const variant = { ...item.hasVariant[0]!, offers: { price: 10, listPrice: 12, lowPrice: 0 } }
      return <button {...useBuyButton({ product: item, variant, quantity: 1 })}>Aggiungi</button>
    }
    renderWithProviders(<BuyMissing />)
    expect(screen.getByTestId('buy-button').hasAttribute('disabled')).toBe(true)
    expect(quantities()).toEqual([])
  })
})

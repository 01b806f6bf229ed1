import { act, fireEvent, screen } from '@testing-library/react'
import { cartState } from '../../../sdk/cart/state'
import { cartItem } from '../../../testing/fixtures'
import { renderWithProviders } from '../../../testing/render'
import { CartButton } from './CartButton'
import { Minicart } from './Minicart'

jest.mock('../../../sdk/core/graphql', () => ({
  ...jest.requireActual('../../../sdk/core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

beforeEach(() => {
  globalThis.fetch = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) })) as unknown as typeof fetch
})

describe('CartButton', () => {
  it('shows the units in the cart, gifts left out', async () => {
    await act(async () => {
      cartState.set({
        id: 'of1',
        items: [cartItem({ sku: '1', quantity: 2 }), cartItem({ sku: '2', quantity: 3, index: 1 }), cartItem({ sku: '9', price: 0, isGift: true, index: 2 })],
        messages: [],
        shouldSplitItem: false,
      })
    })
    renderWithProviders(<CartButton />)
    expect(screen.getByTestId('cart-count').textContent).toBe('5')
    expect(screen.getByRole('button', { name: 'Il tuo carrello' })).toBeTruthy()
  })

  it('shows no count for an empty cart', async () => {
    await act(async () => cartState.set({ id: '', items: [], messages: [], shouldSplitItem: false }))
    renderWithProviders(<CartButton />)
    expect(screen.queryByTestId('cart-count')).toBeNull()
  })

  it("toggles the minicart and the body's no-scroll class", () => {
    renderWithProviders(
      <>
        <CartButton />
        <Minicart />
      </>,
    )
    const button = screen.getByTestId('cart-button')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(document.body.classList.contains('no-scroll')).toBe(true)
    fireEvent.click(button)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.classList.contains('no-scroll')).toBe(false)
  })
})

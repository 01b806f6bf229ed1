import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { cartItem, product } from '../../testing/fixtures'
import { renderWithProviders } from '../../testing/render'
import { cartState, confirmCart } from './state'
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

  it('sends the add to the platform when the cart is one it agreed with, and shows the cart it answers', async () => {
    const agreed = { id: 'of1', items: [cartItem({ sku: '5' })], messages: [], shouldSplitItem: false }
    await act(async () => cartState.set(agreed))
    confirmCart(agreed)
    const answer = { ...agreed, items: [cartItem({ sku: '5' }), cartItem({ sku: '9', index: 1 }), cartItem({ sku: '1001', index: 2 })] }
    // jsdom has no Response: the part of one the cart reads.
    const doFetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => answer }))
    Object.assign(globalThis, { fetch: doFetch })
    try {
      renderWithProviders(<Buy />)
      await act(async () => {
        fireEvent.click(screen.getByTestId('buy-button'), { detail: 1 })
      })
      expect(doFetch).toHaveBeenCalledWith('/api/checkout/addCartItem', expect.objectContaining({ method: 'POST' }))
      expect(JSON.parse(String((doFetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ orderFormId: 'of1', newItem: { quantity: 1, itemOffered: { sku: '1001' } } })
      await waitFor(() => expect(quantities()).toEqual([['5', 1], ['9', 1], ['1001', 1]]))
    } finally {
      Reflect.deleteProperty(globalThis, 'fetch')
    }
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

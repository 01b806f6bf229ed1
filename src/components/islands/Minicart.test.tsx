import { act, fireEvent, screen, within } from '@testing-library/react'
import { cartStore } from '../../sdk/cart/store'
import { cartItem } from '../../testing/fixtures'
import { renderWithProviders } from '../../testing/render'
import { Minicart } from './Minicart'

jest.mock('../../sdk/graphql', () => ({
  ...jest.requireActual('../../sdk/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

/** Sets the cart and lets its (mocked) validation settle inside act. */
const setCart = (items: ReturnType<typeof cartItem>[], id = 'of-1') =>
  act(async () => {
    cartStore.set({ id, items, messages: [], shouldSplitItem: false })
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

describe('Minicart', () => {
  afterEach(() => {
    document.body.classList.remove('no-scroll')
  })

  it('renders nothing while closed', () => {
    renderWithProviders(<Minicart />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the empty state with its two ways out', async () => {
    await setCart([], '')
    renderWithProviders(<Minicart />, { displayMinicart: true })
    expect(screen.getByRole('heading', { name: 'Il tuo carrello' })).toBeTruthy()
    expect(screen.getByText('Il tuo carrello è vuoto')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Inizia lo shopping' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Visualizza la Wishlist' }).getAttribute('href')).toBe('http://127.0.0.1:9100/account#/wishlist')
    expect(document.body.classList.contains('no-scroll')).toBe(true)
  })

  it('lists lines with quantity × unitMultiplier, the € total with 2 decimals and the checkout link', async () => {
    await setCart([cartItem({ sku: '1', quantity: 2, price: 10, listPrice: 12, unitMultiplier: 6 }), cartItem({ sku: '2', price: 4.5, listPrice: 4.5, index: 1 })])
    renderWithProviders(<Minicart />, { displayMinicart: true })
    const lines = screen.getAllByTestId('minicart-line')
    expect(lines).toHaveLength(2)
    expect(within(lines[0]!).getByTestId('minicart-line-quantity').textContent).toBe('12')
    expect(within(lines[0]!).getByTestId('minicart-line-price-list').textContent).toBe('€ 12,00')
    expect(within(lines[1]!).queryByTestId('minicart-line-price-list')).toBeNull()
    const image = within(lines[0]!).getByAltText('Prodotto 1')
    // Lazy images carry their sources in data- attributes until they load.
    const src = image.getAttribute('src') ?? image.getAttribute('data-src')
    const srcSet = image.getAttribute('srcset') ?? image.getAttribute('data-srcset')
    expect(src).toMatch(/\/images\/1\/1\.webp\?w=55$/)
    expect(srcSet).toEqual(expect.stringContaining('?w=50 50w'))
    expect(srcSet).toEqual(expect.stringContaining('?w=150 150w'))
    expect(screen.getByTestId('minicart-total').textContent).toBe('€ 24,50')
    const checkout = screen.getByTestId('checkout-button')
    expect(checkout.textContent).toBe('Vai alla cassa')
    expect(checkout.getAttribute('href')).toBe('http://127.0.0.1:9100/checkout?orderFormId=of-1#/orderform')
  })

  it('blocks checkout and warns under the 8,99 € minimum', async () => {
    await setCart([cartItem({ sku: '1', price: 3 })])
    renderWithProviders(<Minicart />, { displayMinicart: true })
    expect(screen.getByText("Attenzione: il valore minimo d'ordine è di 8,99€ (spese di consegna escluse)")).toBeTruthy()
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('checkout-button').getAttribute('href')).toBeNull()
  })

  it('blocks checkout with an out-of-stock line and says why', async () => {
    await setCart([cartItem({ sku: '1', price: 20 }), cartItem({ sku: '2', price: 20, lowPrice: 0, index: 1 })])
    renderWithProviders(<Minicart />, { displayMinicart: true })
    expect(screen.getByText("Nel carrello è presente un articolo al momento non disponibile. Rimuovi l'articolo per procedere all'acquisto")).toBeTruthy()
    expect(screen.getByText(/Questo articolo non è al momento disponibile\./)).toBeTruthy()
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
  })

  it('closes on the close button', async () => {
    await setCart([])
    renderWithProviders(<Minicart />, { displayMinicart: true })
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.classList.contains('no-scroll')).toBe(false)
  })

  it('closes on Escape and on the overlay', async () => {
    await setCart([])
    const first = renderWithProviders(<Minicart />, { displayMinicart: true })
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    first.unmount()
    renderWithProviders(<Minicart />, { displayMinicart: true })
    fireEvent.click(screen.getByTestId('minicart-overlay'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

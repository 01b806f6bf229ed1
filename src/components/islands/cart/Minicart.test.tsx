import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { defaultSession } from '../../../config/session'
import { resetMultipliers } from '../../../sdk/cart/loyalty'
import { cartState } from '../../../sdk/cart/state'
import { cartStatus } from '../../../sdk/cart/status'
import { sessionState } from '../../../sdk/session/state'
import { cartItem } from '../../../testing/fixtures'
import { setOnline } from '../../../testing/network'
import { renderWithProviders } from '../../../testing/render'
import { Minicart } from './Minicart'

jest.mock('../../../sdk/core/graphql', () => ({
  ...jest.requireActual('../../../sdk/core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

/** Sets the cart and lets its (mocked) validation settle inside act. */
const setCart = (items: ReturnType<typeof cartItem>[], id = 'of-1') =>
  act(async () => {
    cartState.set({ id, items, messages: [], shouldSplitItem: false })
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

/** The Functions the minicart calls by itself: loyalty multipliers and the vet flag. */
function stubFunctions({ multiplier = 'sku-1', isVet = false }: { multiplier?: string; isVet?: boolean } = {}) {
  const fetch = jest.fn(async (url: string) => {
    const body = url.startsWith('/api/product/getLoyaltyMultiplier/') ? multiplier : url === '/api/userAccount/getIsVet' ? { isVet } : null
    // jsdom has no Response: answer the part of it the minicart reads.
    return { ok: body !== null, status: body === null ? 404 : 200, json: async () => body }
  })
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch
  return fetch
}

/** Opens the minicart and lets the calls it starts (loyalty, vet flag) settle inside act. */
async function renderOpen() {
  const view = renderWithProviders(<Minicart />, 'minicart')
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  return view
}

const mario = { id: 'c1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
const giulia = { id: 'c2', email: 'giulia.bianchi@example.it', givenName: 'Giulia', familyName: 'Bianchi' }
const signIn = (person: typeof mario | null) => act(async () => sessionState.set({ ...defaultSession, person }))

describe('Minicart', () => {
  beforeEach(() => {
    stubFunctions()
    resetMultipliers()
    sessionStorage.clear()
    delete window.dataLayer
  })

  afterEach(async () => {
    // The loyalty calls settle asynchronously: let them finish inside act.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    document.body.classList.remove('no-scroll')
    act(() => cartStatus.set({ isValidating: false, unsynced: false, slow: false }))
    await signIn(null)
  })

  it('renders nothing while closed', () => {
    renderWithProviders(<Minicart />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the empty state with its two ways out', async () => {
    await setCart([], '')
    await renderOpen()
    expect(screen.getByRole('heading', { name: 'Il tuo carrello' })).toBeTruthy()
    expect(screen.getByText('Il tuo carrello è vuoto')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Inizia lo shopping' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Visualizza la Wishlist' }).getAttribute('href')).toBe('http://127.0.0.1:9100/account#/wishlist')
    expect(document.body.classList.contains('no-scroll')).toBe(true)
  })

  it('lists lines with quantity × unitMultiplier, the € total with 2 decimals and the checkout link', async () => {
    await setCart([cartItem({ sku: '1', quantity: 2, price: 10, listPrice: 12, unitMultiplier: 6 }), cartItem({ sku: '2', price: 4.5, listPrice: 4.5, index: 1 })])
    await renderOpen()
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
    expect(srcSet).toEqual(expect.stringContaining('?w=100 100w'))
    expect(srcSet).toEqual(expect.stringContaining('?w=150 150w'))
    expect(screen.getByTestId('minicart-total').textContent).toBe('€ 24,50')
    const checkout = screen.getByTestId('checkout-button')
    expect(checkout.textContent).toBe('Vai alla cassa')
    expect(checkout.getAttribute('href')).toBe('http://127.0.0.1:9100/checkout?orderFormId=of-1#/orderform')
  })

  it('blocks checkout and warns under the 8,99 € minimum', async () => {
    await setCart([cartItem({ sku: '1', price: 3 })])
    await renderOpen()
    expect(screen.getByText("Attenzione: il valore minimo d'ordine è di 8,99€ (spese di consegna escluse)")).toBeTruthy()
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByTestId('checkout-button').getAttribute('href')).toBeNull()
  })

  it('blocks checkout with an out-of-stock line and says why', async () => {
    await setCart([cartItem({ sku: '1', price: 20 }), cartItem({ sku: '2', price: 20, lowPrice: 0, index: 1 })])
    await renderOpen()
    expect(screen.getByText("Nel carrello è presente un articolo al momento non disponibile. Rimuovi l'articolo per procedere all'acquisto")).toBeTruthy()
    expect(screen.getByText(/Questo articolo non è al momento disponibile\./)).toBeTruthy()
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
  })

  it('closes on the close button', async () => {
    await setCart([])
    await renderOpen()
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.classList.contains('no-scroll')).toBe(false)
  })

  it('closes on Escape and on the overlay, but not on the second click of a double click', async () => {
    await setCart([])
    const first = await renderOpen()
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    first.unmount()
    await renderOpen()
    fireEvent.click(screen.getByTestId('minicart-overlay'), { detail: 2 })
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.click(screen.getByTestId('minicart-overlay'), { detail: 1 })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says the shopper is offline and blocks checkout until the connection is back', async () => {
    await setCart([cartItem({ sku: '1', price: 20 })])
    await renderOpen()
    try {
      setOnline(false)
      const checkout = screen.getByTestId('checkout-button')
      expect(checkout.textContent).toBe('Sei offline')
      expect(checkout.getAttribute('aria-disabled')).toBe('true')
      expect(checkout.getAttribute('href')).toBeNull()
    } finally {
      setOnline(true)
    }
    expect(screen.getByTestId('checkout-button').textContent).toBe('Vai alla cassa')
    expect(screen.getByTestId('checkout-button').getAttribute('href')).toBe('http://127.0.0.1:9100/checkout?orderFormId=of-1#/orderform')
  })

  it('shows "Caricamento in corso..." and blocks checkout while validating', async () => {
    await setCart([cartItem({ sku: '1', price: 20 })])
    await renderOpen()
    act(() => cartStatus.set({ isValidating: true, unsynced: false, slow: false }))
    expect(screen.getByTestId('checkout-button').textContent).toBe('Caricamento in corso...')
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
    act(() => cartStatus.set({ isValidating: false, unsynced: false, slow: false }))
    expect(screen.getByTestId('checkout-button').textContent).toBe('Vai alla cassa')
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('false')
  })

  it('tells the shopper the cart is safe and blocks checkout while the platform cannot be reached', async () => {
    await setCart([cartItem({ sku: '1', price: 20 })])
    await renderOpen()
    act(() => cartStatus.set({ isValidating: false, unsynced: true, slow: false }))
    expect(screen.getByText('Non è stato possibile aggiornare il carrello. Riprova tra poco: i tuoi articoli sono al sicuro.')).toBeTruthy()
    expect(screen.getAllByTestId('minicart-line')).toHaveLength(1)
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
  })

  it('tells the shopper a slow platform is still saving, until the platform is given up on', async () => {
    const slowText = 'Il carrello si sta aggiornando più lentamente del solito. Attendi qualche istante: i tuoi articoli sono al sicuro.'
    await setCart([cartItem({ sku: '1', price: 20 })])
    await renderOpen()
    act(() => cartStatus.set({ isValidating: true, unsynced: false, slow: true }))
    expect(screen.getByText(slowText)).toBeTruthy()
    expect(screen.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
    act(() => cartStatus.set({ isValidating: true, unsynced: true, slow: true }))
    expect(screen.queryByText(slowText)).toBeNull()
    expect(screen.getByText('Non è stato possibile aggiornare il carrello. Riprova tra poco: i tuoi articoli sono al sicuro.')).toBeTruthy()
    act(() => cartStatus.set({ isValidating: false, unsynced: false, slow: false }))
    expect(screen.queryByText(slowText)).toBeNull()
  })

  it('lists gifts apart from the paid lines', async () => {
    await setCart([cartItem({ sku: '1', price: 50 }), cartItem({ sku: '9', price: 0, listPrice: 3, isGift: true, index: 1 })])
    await renderOpen()
    expect(screen.getByText('Omaggi')).toBeTruthy()
    expect(within(screen.getByTestId('minicart-gifts')).getAllByTestId('minicart-line').map((l) => l.getAttribute('data-sku'))).toEqual(['9'])
  })

  describe('loyalty badge', () => {
    const items = () => [cartItem({ sku: '1', price: 10.5, quantity: 2 }), cartItem({ sku: '2', price: 7.99, index: 1 })]

    it('tells a guest what they could have earned, with the sku multipliers asked once per sku', async () => {
      const fetch = stubFunctions({ multiplier: 'sku-2' })
      await setCart(items())
      await renderOpen()
      await waitFor(() => expect(screen.getByTestId('loyalty-badge').textContent).toBe('Accedi: con questo acquisto avresti potuto accumulare 56 Punti'))
      const asked = fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('getLoyaltyMultiplier'))
      expect(asked.sort()).toEqual(['/api/product/getLoyaltyMultiplier/1', '/api/product/getLoyaltyMultiplier/2'])
    })

    it('tells a logged-in person what they earn', async () => {
      stubFunctions({ isVet: false })
      await signIn(mario)
      await setCart(items())
      await renderOpen()
      await waitFor(() => expect(screen.getByTestId('loyalty-badge').textContent).toBe('Con questo acquisto accumuli 28 Punti'))
    })

    it('falls back to multiplier 1 when the multiplier call fails', async () => {
      const fetch = stubFunctions({ multiplier: 'nonsense' })
      await setCart(items())
      await renderOpen()
      await waitFor(() => expect(fetch.mock.calls.filter(([url]) => url.includes('getLoyaltyMultiplier'))).toHaveLength(2))
      expect(screen.getByTestId('loyalty-badge').textContent).toContain('28 Punti')
    })

    it('shows no badge to a veterinarian', async () => {
      const fetch = stubFunctions({ isVet: true })
      await signIn(giulia)
      await setCart(items())
      await renderOpen()
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0))
      })
      expect(fetch.mock.calls.some(([url]) => url === '/api/userAccount/getIsVet')).toBe(true)
      expect(screen.queryByTestId('loyalty-badge')).toBeNull()
      expect(JSON.parse(sessionStorage.getItem('is_vet')!)).toEqual({ email: giulia.email, isVet: true })
    })
  })

  describe('events', () => {
    it('sends view_cart when the minicart opens on a cart with lines', async () => {
      await setCart([cartItem({ sku: '1', price: 10, listPrice: 12 })])
      await renderOpen()
      expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'view_cart', ecommerce: expect.objectContaining({ value: 10 }) })])
    })

    it("sends begin-checkout when 'Vai alla cassa' is followed, and not while it is disabled", async () => {
      await signIn(mario)
      await setCart([cartItem({ sku: '1', price: 3 })])
      await renderOpen()
      fireEvent.click(screen.getByTestId('checkout-button'))
      expect(window.dataLayer?.filter((e) => e.event === 'begin-checkout')).toEqual([])
      await setCart([cartItem({ sku: '1', price: 20 })])
      // jsdom cannot navigate: keep the page where it is once the minicart has handled the click.
      screen.getByTestId('checkout-button').addEventListener('click', (event) => event.preventDefault())
      fireEvent.click(screen.getByTestId('checkout-button'))
      expect(window.dataLayer?.find((e) => e.event === 'begin-checkout')).toMatchObject({
        userId: 'c1',
        cartId: 'of-1',
        productId: 'p1',
        sku: '1',
        url: window.location.href,
        pageType: 'home',
        actionTrigger: 'minicart',
      })
    })
  })
})

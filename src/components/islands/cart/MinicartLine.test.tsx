import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useCart } from '../../../sdk/cart/hooks'
import { cartState } from '../../../sdk/cart/state'
import { cartStatus } from '../../../sdk/cart/status'
import { toastState } from '../../../sdk/shell/toasts'
import { cartItem } from '../../../testing/fixtures'
import { renderWithProviders } from '../../../testing/render'
import { MinicartLine } from './MinicartLine'

// A build with a capability on VTEX (gatsby-config.ts) lets the pages ask VTEX's resizer.
const picturesBefore = process.env.GATSBY_VTEX_PICTURES
beforeAll(() => {
  process.env.GATSBY_VTEX_PICTURES = 'on'
})
afterAll(() => {
  process.env.GATSBY_VTEX_PICTURES = picturesBefore
})

jest.mock('../../../sdk/core/graphql', () => ({
  ...jest.requireActual('../../../sdk/core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

type Answer = { status: number; body: unknown } | Error

/** The cart Functions, answering in order; jsdom has no Response, so each answer is the part the cart reads. */
function stubFetch(answers: Answer[]) {
  const calls: { url: string; body: unknown; validating: boolean }[] = []
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined, validating: cartStatus.read().isValidating })
    const answer = answers.shift() ?? { status: 200, body: {} }
    if (answer instanceof Error) throw answer
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body }
  }) as unknown as typeof fetch
  return calls
}

/** The lines as the minicart renders them: from the live cart. */
function Lines() {
  const { cart } = useCart()
  return (
    <ul>
      {cart.items.map((item) => (
        <MinicartLine key={item.id} item={item} />
      ))}
    </ul>
  )
}

async function renderLine(overrides: Parameters<typeof cartItem>[0] = {}) {
  const item = cartItem({ sku: '1', quantity: 2, maxQuantity: 3, ...overrides })
  await act(async () => {
    cartState.set({ id: 'of1', items: [item], messages: [], shouldSplitItem: false })
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  renderWithProviders(<Lines />)
  return item
}

const quantity = () => screen.getByRole('status', { name: 'Quantità' }).textContent

beforeEach(() => {
  toastState.set([])
  // The carts other tests agreed with the platform are not this test's history.
  localStorage.clear()
})

// Validation after each change settles asynchronously: let it finish inside act.
afterEach(async () => {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
})

describe('MinicartLine', () => {
  it('shows the quantity times unitMultiplier and the list price only with a discount above 0', async () => {
    await renderLine({ unitMultiplier: 3, price: 10, listPrice: 12 })
    expect(screen.getByTestId('minicart-line-quantity').textContent).toBe('6')
    expect(screen.getByTestId('minicart-line-price-list').textContent).toBe('€ 12,00')
  })

  it.each([
    ['equal', 10],
    ['lower', 8],
  ])('hides the list price when it is %s to the price', async (_case, listPrice) => {
    await renderLine({ price: 10, listPrice })
    expect(screen.queryByTestId('minicart-line-price-list')).toBeNull()
  })

  it('shows a VTEX line’s picture at the minicart’s widths over https, whatever size Checkout answered it at', async () => {
    const item = cartItem({ sku: '2737806' })
    item.itemOffered.image = [{ url: 'http://storeframework.vteximg.com.br/arquivos/ids/168396-55-55/nihil.jpg?v=637753027573130000', alternateName: 'Nihil' }]
    await act(async () => {
      cartState.set({ id: 'of1', items: [item], messages: [], shouldSplitItem: false })
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    renderWithProviders(<Lines />)
    const picture = screen.getByAltText('Nihil')
    const at = (w: number) => `https://storeframework.vteximg.com.br/arquivos/ids/168396-${w}-${w}/nihil.jpg?v=637753027573130000`
    expect(picture.getAttribute('src')).toBe(at(55))
    expect(picture.getAttribute('srcset')!.split(/,\s+/)).toEqual([50, 55, 100, 150].map((w) => `${at(w)} ${w}w`))
  })

  it('keeps the stepper between 1 and the maximum', async () => {
    await renderLine({ quantity: 1, maxQuantity: 3 })
    expect(screen.getByRole('button', { name: 'Diminuisci la quantità' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Aumenta la quantità' }).hasAttribute('disabled')).toBe(false)
  })

  it('cannot go above the maximum', async () => {
    await renderLine({ quantity: 3, maxQuantity: 3 })
    expect(screen.getByRole('button', { name: 'Aumenta la quantità' }).hasAttribute('disabled')).toBe(true)
  })

  it('updates the platform, then the line, and waits while busy so a double click changes it once', async () => {
    const calls = stubFetch([{ status: 200, body: {} }])
    await renderLine()
    const plus = screen.getByRole('button', { name: 'Aumenta la quantità' })
    fireEvent.click(plus)
    fireEvent.click(plus)
    expect(screen.getByTestId('minicart-line').getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(screen.getByTestId('minicart-line').getAttribute('aria-busy')).toBe('false'))
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ url: '/api/checkout/updateCartItem', validating: true, body: { orderFormId: 'of1', newItem: { quantity: 3 } } })
    expect(quantity()).toBe('3')
    expect(cartState.read().items).toHaveLength(1)
  })

  it('reloads the cart and shows the message when the platform no longer has the line', async () => {
    stubFetch([
      { status: 404, body: { error: { code: 'not_found', message: 'no such line' } } },
      { status: 200, body: { id: 'of1', items: [], messages: [], shouldSplitItem: false } },
    ])
    await renderLine()
    fireEvent.click(screen.getByRole('button', { name: 'Aumenta la quantità' }))
    await waitFor(() => expect(toastState.read().map((t) => t.text)).toEqual(['Questo prodotto non è più presente nel carrello.']))
    expect(toastState.read()[0]?.durationMs).toBe(2000)
    expect(cartState.read().items).toEqual([])
  })

  it('removes on the platform, then locally', async () => {
    const calls = stubFetch([{ status: 200, body: {} }])
    await renderLine()
    fireEvent.click(screen.getByTestId('minicart-line-remove'))
    await waitFor(() => expect(cartState.read().items).toEqual([]))
    expect(calls.map((c) => c.url)).toEqual(['/api/checkout/removeCartItem'])
  })

  it('keeps the line and only clears the loading state when removal fails', async () => {
    stubFetch([new TypeError('Failed to fetch')])
    await renderLine()
    fireEvent.click(screen.getByTestId('minicart-line-remove'))
    expect(screen.getByTestId('minicart-line').getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(screen.getByTestId('minicart-line').getAttribute('aria-busy')).toBe('false'))
    expect(cartState.read().items).toHaveLength(1)
    expect(screen.getByTestId('minicart-line-remove').hasAttribute('disabled')).toBe(false)
  })

  it('says an out-of-stock line is unavailable and must be removed, and takes no more units', async () => {
    await renderLine({ lowPrice: 0 })
    expect(screen.getByRole('button', { name: 'Aumenta la quantità' }).hasAttribute('disabled')).toBe(true)
    const alert = within(screen.getByTestId('minicart-line')).getByRole('alert')
    expect(alert.textContent).toBe("Questo articolo non è al momento disponibile. Rimuovi questo articolo per procedere all'acquisto")
  })
})

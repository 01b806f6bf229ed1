import { act, fireEvent, screen } from '@testing-library/react'
import { cartItem } from '../../../testing/fixtures'
import { renderWithProviders } from '../../../testing/render'
import { GuestOrderLookup } from './GuestOrderLookup'

const order = {
  orderNumber: 'PF-1001',
  status: 'placed',
  placedAt: '2026-11-20T10:00:00.000Z',
  items: [cartItem({ sku: '10001', quantity: 2, price: 6.25 }), cartItem({ sku: '9', quantity: 1, price: 0, isGift: true, index: 1 })],
  total: 12.5,
}

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  // jsdom has no Response: the client reads only ok, status, json() and headers.get().
  return jest.fn(async () => ({ ok: status < 300, status, json: async () => body, headers: { get: (name: string) => headers[name.toLowerCase()] ?? null } })) as unknown as typeof fetch & jest.Mock
}

async function submit(orderNumber: string, email: string) {
  fireEvent.change(screen.getByLabelText("Numero d'ordine"), { target: { value: orderNumber } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  await act(async () => {
    fireEvent.click(screen.getByTestId('guest-order-submit'))
  })
}

describe('GuestOrderLookup', () => {
  it('shows the order found: status, lines with quantities, the gift and the total', async () => {
    const doFetch = answering(200, order)
    renderWithProviders(<GuestOrderLookup doFetch={doFetch} />)
    await submit('pf-1001', 'ospite@example.it')
    expect(screen.getByRole('heading', { name: 'Ordine PF-1001' })).toBeTruthy()
    expect(screen.getByTestId('guest-order-status').textContent).toBe('Confermato')
    expect(screen.getAllByTestId('guest-order-line').map((l) => l.getAttribute('data-sku'))).toEqual(['10001', '9'])
    expect(screen.getAllByTestId('guest-order-line-quantity')[0]?.textContent).toBe('Quantità: 2')
    expect(screen.getAllByTestId('guest-order-line')[1]?.textContent).toContain('Omaggio')
    expect(screen.getByTestId('guest-order-total').textContent).toBe('€ 12,50')
    expect(document.activeElement).toBe(screen.getByTestId('guest-order-result'))
  })

  it('says the same thing for any wrong pair, and marks a malformed field without asking', async () => {
    const doFetch = answering(404, { error: { code: 'not_found', message: 'no order' } })
    renderWithProviders(<GuestOrderLookup doFetch={doFetch} />)
    await submit('PF-1001', 'altro@example.it')
    expect(screen.getByRole('alert').textContent).toBe('Non troviamo un ordine con questo numero e questa email. Controlla i dati e riprova.')
    expect(screen.queryByTestId('guest-order')).toBeNull()
    await submit('PF-1001', 'non-una-email')
    expect(screen.getByRole('alert').textContent).toBe('Inserisci un indirizzo email valido.')
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(doFetch).toHaveBeenCalledTimes(1)
  })

  it('asks a shopper who has failed too often to wait, saying how long, in minutes or seconds', async () => {
    const slowed = answering(429, { error: { code: 'too_many_requests', message: 'too many' } }, { 'retry-after': '130' })
    const { unmount } = renderWithProviders(<GuestOrderLookup doFetch={slowed} />)
    await submit('PF-1001', 'ospite@example.it')
    expect(screen.getByRole('alert').textContent).toBe('Troppi tentativi non riusciti. Per proteggere gli ordini, riprova tra 3 minuti.')
    unmount()
    renderWithProviders(<GuestOrderLookup doFetch={answering(429, { error: { code: 'too_many_requests', message: 'too many' } }, { 'retry-after': '1' })} />)
    await submit('PF-1001', 'ospite@example.it')
    expect(screen.getByRole('alert').textContent).toBe('Troppi tentativi non riusciti. Per proteggere gli ordini, riprova tra 1 secondo.')
  })
})

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { defaultSession } from '../../../config/session'
import { cartState } from '../../../sdk/cart/state'
import { sessionState } from '../../../sdk/session/state'
import { loadPickup, pickupState } from '../../../sdk/pickup/pickup'
import { pickerItems } from '../../../sdk/pickup/hooks'
import { product, storeView } from '../../../testing/fixtures'
import { PanelProbe, renderWithProviders, showEveryElement } from '../../../testing/render'
import { DeliveryEstimate } from './DeliveryEstimate'
import { PickupInStore } from './PickupInStore'
import StorePicker from './StorePicker'
import { StorePickerHost } from './StorePickerHost'

jest.mock('../../../sdk/core/graphql', () => ({
  ...jest.requireActual('../../../sdk/core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

/** Wednesday 25 November 2026, 15:10 in Rome (UTC+1). */
const NOW = new Date('2026-11-25T15:10:00+01:00')
// Saved at 09:00 that morning: ready by 10:00, which is stale by 15:10.
const genova = storeView({
  exceptions: [
    { date: '2026-11-25', hours: { open: '09:00', close: '18:00' } },
    { date: '2026-12-08', hours: null },
  ],
  pickup: { category: 'FastTimeMinLimitHours', date: '2026-11-25', time: '10:00', readyAt: '2026-11-25T09:00:00.000Z', waitMinutes: 60 },
})
const favourite = { id: 'store-007', name: 'Zampa Amica Genova', postalCode: '16121', sellerId: 'pet007', geoCoordinates: [8.9, 44.4] as [number, number] }
const mario = { id: 'c1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }

/** jsdom has no Response: what the client reads of one. */
const json = (body: unknown) => ({ ok: true, status: 200, json: async () => body })
let fetchMock: jest.Mock
const bodies = () => fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => [url, JSON.parse(String(init.body))])


beforeAll(showEveryElement)

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true })
  fetchMock = jest.fn(async () => json({ orderFormId: 'of-1', deliveryChannel: 'delivery', pickupPoint: null }))
  global.fetch = fetchMock as unknown as typeof fetch
  localStorage.clear()
  loadPickup()
  pickupState.set({ chosen: null, guestFavourite: null, postalCode: null })
  sessionState.set(defaultSession)
  cartState.set({ id: '', items: [], messages: [], shouldSplitItem: false })
  document.body.classList.remove('no-scroll')
})

afterEach(async () => {
  // Let what the islands started settle before the clock is real again.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  jest.useRealTimers()
})

const choose = (store = genova) => act(() => pickupState.set({ ...pickupState.read(), chosen: store }))

describe('PickupInStore', () => {
  it('shows the chosen store’s pickup worked out for now, not the time saved when it was chosen', async () => {
    renderWithProviders(<PickupInStore items={[{ id: '1001', quantity: 1 }]} testId="product-pickup" />)
    choose()
    // 15:10 + 60 min, rounded to the quarter, before today's exceptional 18:00 closing (its chunk loaded first).
    await waitFor(() => expect(screen.getByTestId('pickup-time').textContent).toContain('oggi dalle 16:15 alle 18:00'))
    act(() => {
      jest.setSystemTime(new Date('2026-11-25T17:30:00+01:00'))
      jest.advanceTimersByTime(60_000)
    })
    expect(screen.getByTestId('pickup-time').textContent).toContain('domani dalle 10:00 alle 19:30')
  })

  it('goes back to home delivery: the order form loses its pickup point and the prompt comes back', async () => {
    cartState.set({ id: 'of-1', items: [], messages: [], shouldSplitItem: false })
    renderWithProviders(<PickupInStore items={[{ id: '1001', quantity: 1 }]} testId="product-pickup" />)
    choose()
    fireEvent.click(screen.getByTestId('pickup-remove'))
    await waitFor(() => expect(screen.queryByTestId('pickup-chosen')).toBeNull())
    expect(bodies()).toEqual([['/api/store/setShippingData', { orderFormId: 'of-1', request: { deliveryChannel: 'delivery' } }]])
    expect(pickupState.read().chosen).toBeNull()
    expect(screen.getByTestId('product-pickup').textContent).toContain('Scegli il negozio dove ritirare il tuo ordine')
  })

  it('keeps the store and says so when the platform refuses the change', async () => {
    cartState.set({ id: 'of-1', items: [], messages: [], shouldSplitItem: false })
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/store/setShippingData' ? { ok: false, status: 503, json: async () => ({ error: { code: 'unavailable', message: 'unavailable' } }) } : json({}),
    )
    renderWithProviders(<PickupInStore items={[{ id: '1001', quantity: 1 }]} testId="product-pickup" />)
    choose()
    fireEvent.click(screen.getByTestId('pickup-remove'))
    expect((await screen.findByTestId('pickup-remove-failed')).textContent).toContain('Non è stato possibile tornare alla consegna a domicilio')
    expect(pickupState.read().chosen?.id).toBe('store-007')
  })
})

describe('the store-info modal', () => {
  const mount = () =>
    renderWithProviders(
      <>
        <PickupInStore items={[{ id: '1001', quantity: 1 }]} testId="product-pickup" />
        <StorePickerHost />
        <PanelProbe />
      </>,
    )

  it('opens from the chosen store with its address, hours per weekday, today’s exception, pickup times and a maps link', async () => {
    mount()
    choose()
    fireEvent.click(screen.getByTestId('pickup-info'))
    const info = await screen.findByTestId('store-info')
    expect(info.getAttribute('role')).toBe('dialog')
    expect(within(info).getByRole('heading', { level: 2 }).textContent).toContain('Zampa Amica Genova')
    expect(within(info).getByTestId('store-info-address').textContent).toContain('Via XX Settembre 120, 16121 Genova (Liguria)')
    const rows = within(info).getByTestId('store-info-hours').querySelectorAll('tr')
    expect([...rows].map((row) => row.textContent)).toEqual([
      'Lunedì09:00–19:30',
      'Martedì09:00–19:30',
      'Mercoledì · Oggi09:00–18:00',
      'Giovedì09:00–19:30',
      'Venerdì09:00–19:30',
      'Sabato09:00–19:30',
      'DomenicaChiuso',
    ])
    expect(rows[2]!.getAttribute('aria-current')).toBe('date')
    expect(within(info).getByTestId('store-info-exception').textContent).toContain('Oggi orario straordinario: 09:00–18:00')
    expect(within(info).getByTestId('store-info-upcoming').textContent).toContain('08/12: Chiuso')
    expect(within(info).getByTestId('store-info-pickup').textContent).toContain('Il tuo ordine: oggi dalle 16:15 alle 18:00')
    expect(info.textContent).toContain("Prodotti disponibili in negozio: pronti in un'ora")
    expect(info.textContent).toContain('Prodotti da ordinare: pronti in 1 giorno')
    expect(within(info).getByTestId('store-info-map').getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=44.4&mlon=8.9#map=17/44.4/8.9')
  })

  it('toggles through the panel system: scroll locked, focus trapped, closed by Escape, focus back on its button', async () => {
    mount()
    choose()
    const opener = screen.getByTestId('pickup-info')
    opener.focus()
    fireEvent.click(opener)
    const info = await screen.findByTestId('store-info')
    expect(screen.getByTestId('panel').textContent).toContain('storeInfo')
    expect(document.body.classList.contains('no-scroll')).toBe(true)
    const close = within(info).getByTestId('store-info-close')
    const map = within(info).getByTestId('store-info-map')
    expect(document.activeElement).toBe(close)
    map.focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(map)
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('store-info')).toBeNull())
    expect(screen.getByTestId('panel').textContent).toContain('closed')
    expect(document.body.classList.contains('no-scroll')).toBe(false)
    expect(document.activeElement).toBe(opener)
  })

  it('closes on its close button and on the overlay', async () => {
    mount()
    choose()
    fireEvent.click(screen.getByTestId('pickup-info'))
    fireEvent.click(within(await screen.findByTestId('store-info')).getByTestId('store-info-close'))
    await waitFor(() => expect(screen.queryByTestId('store-info')).toBeNull())
    fireEvent.click(screen.getByTestId('pickup-info'))
    const info = await screen.findByTestId('store-info')
    fireEvent.click(info.previousElementSibling!)
    await waitFor(() => expect(screen.queryByTestId('store-info')).toBeNull())
  })
})

describe('the guest’s favourite store at login', () => {
  const renderPicker = async () => {
    act(() => pickerItems.set([{ id: '1001', quantity: 1 }]))
    renderWithProviders(<StorePicker />, 'storePicker')
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }

  it('is offered for saving to a shopper who logs in, saved for them on the platform and then forgotten locally', async () => {
    pickupState.set({ chosen: null, guestFavourite: favourite, postalCode: null })
    sessionState.set({ ...defaultSession, person: mario })
    fetchMock.mockResolvedValueOnce(json({ favouriteStore: null })).mockResolvedValueOnce(json({ favouriteStore: favourite }))
    await renderPicker()
    const offer = await screen.findByTestId('adopt-favourite')
    expect(offer.textContent).toContain('Salva Zampa Amica Genova come negozio preferito del tuo account')
    fireEvent.click(within(offer).getByRole('button', { name: 'Salva' }))
    await waitFor(() => expect(screen.queryByTestId('adopt-favourite')).toBeNull())
    expect(bodies().slice(0, 2)).toEqual([
      ['/api/store/getFavouriteStore', { email: 'mario.rossi@example.it' }],
      ['/api/store/saveFavouriteStore', { email: 'mario.rossi@example.it', storeId: 'store-007' }],
    ])
    expect(pickupState.read().guestFavourite).toBeNull()
  })

  it('is not offered to a guest', async () => {
    pickupState.set({ chosen: null, guestFavourite: favourite, postalCode: null })
    await renderPicker()
    expect(screen.queryByTestId('adopt-favourite')).toBeNull()
  })

  it('is not offered when the account already has it', async () => {
    pickupState.set({ chosen: null, guestFavourite: favourite, postalCode: null })
    sessionState.set({ ...defaultSession, person: mario })
    fetchMock.mockResolvedValueOnce(json({ favouriteStore: favourite }))
    await renderPicker()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(screen.queryByTestId('adopt-favourite')).toBeNull()
  })
})

describe('DeliveryEstimate', () => {
  it('is for the default Ligurian postal code until the shopper gives one: the one searched in the picker, or the session’s', () => {
    renderWithProviders(<DeliveryEstimate product={product()} />)
    expect(screen.getByTestId('delivery-postal-code').textContent).toContain('Stima per il CAP 19038')
    act(() => pickupState.set({ ...pickupState.read(), postalCode: '16121' }))
    expect(screen.getByTestId('delivery-postal-code').textContent).toContain('Stima per il CAP 16121')
    act(() => sessionState.set({ ...defaultSession, postalCode: '00184' }))
    expect(screen.getByTestId('delivery-postal-code').textContent).toContain('Stima per il CAP 00184')
  })
})

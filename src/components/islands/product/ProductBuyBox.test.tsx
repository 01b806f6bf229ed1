import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { cartState } from '../../../sdk/cart/state'
import { lastAdded } from '../../../sdk/product/addedToCart'
import { loadPickup, pickupState } from '../../../sdk/pickup/pickup'
import { product, storeView } from '../../../testing/fixtures'
import { PanelProbe, renderWithProviders, showEveryElement } from '../../../testing/render'
import { ProductBuyBox } from './ProductBuyBox'

jest.mock('../../../sdk/core/graphql', () => ({
  ...jest.requireActual('../../../sdk/core/graphql'),
  request: jest.fn(async () => ({ validateCart: null })),
}))

/** Wednesday 25 November 2026, 15:10 in Rome (UTC+1). */
const NOW = new Date('2026-11-25T15:10:00+01:00')
const tiered = product({
  priceTiers: [
    { minQuantity: 3, value: 9 },
    { minQuantity: 6, value: 8 },
  ] as never,
})


const mount = (p = tiered) =>
  renderWithProviders(
    <>
      <ProductBuyBox product={p} variantIndex={0} onVariantChange={() => undefined} />
      <PanelProbe />
    </>,
  )
const panel = () => screen.getByTestId('panel').textContent
const locked = () => document.body.classList.contains('no-scroll')
const text = (testId: string, root: HTMLElement = document.body) => within(root).getByTestId(testId).textContent

beforeAll(showEveryElement)

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true })
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({}) })) as unknown as typeof fetch
  localStorage.clear()
  sessionStorage.clear()
  loadPickup()
  pickupState.set({ chosen: null, guestFavourite: null, postalCode: null })
  cartState.set({ id: '', items: [], messages: [], shouldSplitItem: false })
  lastAdded.set(null)
  document.body.classList.remove('no-scroll')
})

afterEach(async () => {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
  jest.useRealTimers()
})

describe('the add-to-cart modal', () => {
  async function add() {
    const buy = screen.getByTestId('buy-button')
    buy.focus()
    fireEvent.click(buy, { detail: 1 })
    return { buy, modal: await screen.findByTestId('added-to-cart-modal') }
  }

  it('confirms the product, the quantity, the price and home delivery when no store is chosen', async () => {
    mount()
    fireEvent.click(screen.getByTestId('quantity-increase'))
    fireEvent.click(screen.getByTestId('quantity-increase'))
    const { modal } = await add()
    expect(modal.getAttribute('role')).toBe('dialog')
    expect(modal.getAttribute('aria-modal')).toBe('true')
    expect(within(modal).getByTestId('added-to-cart-product').getAttribute('data-sku')).toBe('1001')
    expect(modal.textContent).toContain('Crocchette Adult Pollo')
    expect(modal.textContent).toContain('2 kg')
    expect(text('added-to-cart-quantity', modal)).toBe('Quantità: 3')
    expect(modal.textContent).toContain('€ 9,00')
    expect(text('added-to-cart-delivery', modal)).toBe('Consegna a domicilio')
    expect(cartState.read().items[0]!.quantity).toBe(3)
  })

  it('names the chosen store with its pickup time worked out for now', async () => {
    pickupState.set({
      chosen: storeView({ pickup: { category: 'FastTimeMinLimitHours', date: '2026-11-25', time: '10:00', readyAt: null, waitMinutes: 60 } }),
      guestFavourite: null,
      postalCode: null,
    })
    mount()
    const { modal } = await add()
    expect(text('added-to-cart-delivery', modal)).toBe('Ritiro presso Zampa Amica Genova: oggi dalle 16:15 alle 19:30')
  })

  it('locks the scroll and traps focus; Escape closes it and gives focus back to the add button', async () => {
    mount()
    const { buy, modal } = await add()
    expect(panel()).toBe('addedToCart')
    expect(locked()).toBe(true)
    const close = within(modal).getByTestId('added-to-cart-modal-close')
    const goToCart = within(modal).getByTestId('added-to-cart-go-to-cart')
    expect(document.activeElement).toBe(close)
    goToCart.focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('added-to-cart-modal')).toBeNull())
    expect(panel()).toBe('closed')
    expect(locked()).toBe(false)
    expect(document.activeElement).toBe(buy)
  })

  it('"Continua lo shopping" closes it; "Vai al carrello" opens the minicart in its place', async () => {
    mount()
    let { modal } = await add()
    fireEvent.click(within(modal).getByTestId('added-to-cart-continue'))
    await waitFor(() => expect(screen.queryByTestId('added-to-cart-modal')).toBeNull())
    expect(panel()).toBe('closed')
    ;({ modal } = await add())
    expect(within(modal).getByTestId('added-to-cart-go-to-cart').textContent).toBe('Vai al carrello')
    fireEvent.click(within(modal).getByTestId('added-to-cart-go-to-cart'))
    await waitFor(() => expect(screen.queryByTestId('added-to-cart-modal')).toBeNull())
    expect(panel()).toBe('minicart')
    expect(cartState.read().items[0]!.quantity).toBe(2)
  })
})

describe('the progressive-info modal', () => {
  it('is offered only for a product with price tiers', () => {
    mount(product())
    expect(screen.queryByTestId('tier-info-open')).toBeNull()
  })

  it('explains each quantity band with its unit price and saving, from the product’s tiers', async () => {
    mount()
    fireEvent.click(screen.getByTestId('tier-info-open'))
    const info = await screen.findByTestId('tier-info')
    const rows = within(info).getAllByTestId('tier-info-row').map((row) => [...row.children].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Da 1 a 2 pezzi', '€ 10,00', '–'],
      ['Da 3 a 5 pezzi', '€ 9,00', '-10%'],
      ['Da 6 pezzi in su', '€ 8,00', '-20%'],
    ])
    expect(text('tier-info-example', info)).toBe('Esempio: 3 pezzi costano € 27,00, risparmi € 3,00.')
    expect(within(info).queryByTestId('tier-info-extra')).toBeNull()
  })

  it('shows the extra 5 % in the prices when the product has it', async () => {
    mount(product({ priceTiers: [{ minQuantity: 4, value: 8 }] as never, tierExtraDiscount: true }))
    fireEvent.click(screen.getByTestId('tier-info-open'))
    const info = await screen.findByTestId('tier-info')
    const rows = within(info).getAllByTestId('tier-info-row').map((row) => [...row.children].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Da 1 a 3 pezzi', '€ 10,00', '–'],
      ['Da 4 pezzi in su', '€ 7,60', '-24%'],
    ])
    expect(text('tier-info-extra', info)).toBe('Sconto extra del 5% già applicato ai prezzi della tabella')
  })

  it('toggles through the panel system: scroll locked, focus trapped, closed by Escape, focus back on its button', async () => {
    mount()
    const opener = screen.getByTestId('tier-info-open')
    opener.focus()
    fireEvent.click(opener)
    const info = await screen.findByTestId('tier-info')
    expect(panel()).toBe('tierInfo')
    expect(locked()).toBe(true)
    const close = within(info).getByTestId('tier-info-close')
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(document, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('tier-info')).toBeNull())
    expect(panel()).toBe('closed')
    expect(locked()).toBe(false)
    expect(document.activeElement).toBe(opener)
  })
})

describe('the quantity limits', () => {
  it('states the minimum order above one piece and the maximum once reached', () => {
    const base = product()
    mount(product({ minQuantity: 3, hasVariant: [{ ...base.hasVariant[0]!, maxQuantity: 4 }] }))
    expect(text('quantity-value')).toBe('3')
    expect(text('min-order')).toBe('Ordine minimo: 3 pezzi')
    expect(screen.queryByTestId('max-order')).toBeNull()
    fireEvent.click(screen.getByTestId('quantity-increase'))
    expect(text('quantity-value')).toBe('4')
    expect(text('max-order')).toBe('Massimo 4 pezzi per ordine')
  })

  it('states no minimum for a product sold by the piece', () => {
    mount(product())
    expect(screen.queryByTestId('min-order')).toBeNull()
  })
})

describe('the form that adds without JavaScript (req CART-30)', () => {
  const fields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form))

  it('posts the sku, the quantity, the purchase mode and the product page to /api/cart/add', () => {
    mount(product({ subscription: { frequencies: ['1 mese', '2 mesi'] } as never }))
    const form = screen.getByTestId('buy-box') as HTMLFormElement
    expect([form.tagName, form.method, new URL(form.action).pathname]).toEqual(['FORM', 'post', '/api/cart/add'])
    expect(screen.getByTestId('buy-button').getAttribute('type')).toBe('submit')
    expect(fields(form)).toEqual({ skuId: '1001', quantity: '1', from: '/crocchette-adult-pollo/p', frequency: '' })
    fireEvent.click(screen.getByTestId('quantity-increase'))
    fireEvent.click(screen.getByTestId('subscription-option'))
    expect(fields(form)).toEqual({ skuId: '1001', quantity: '2', from: '/crocchette-adult-pollo/p', frequency: '1 mese' })
  })

  it('once hydrated, adds in the page and posts nothing: the click and the submit are both kept from the browser', async () => {
    mount()
    const form = screen.getByTestId('buy-box') as HTMLFormElement
    const posted = jest.fn()
    form.addEventListener('submit', posted)
    expect(fireEvent.click(screen.getByTestId('buy-button'), { detail: 1 })).toBe(false)
    expect(posted).not.toHaveBeenCalled()
    expect(fireEvent.submit(form)).toBe(false)
    expect(cartState.read().items.map((i) => [i.itemOffered.sku, i.quantity])).toEqual([['1001', 1]])
    await screen.findByTestId('added-to-cart-modal')
  })

  it('holds the reasons a failed add comes back with, each under the fragment the Function names', () => {
    mount()
    expect(screen.getByTestId('add-refused')).toMatchObject({ id: 'prodotto-non-aggiunto', textContent: 'Non è stato possibile aggiungere il prodotto al carrello: non è disponibile nella quantità scelta.' })
    expect(screen.getByTestId('add-unreachable')).toMatchObject({ id: 'carrello-non-raggiungibile', textContent: 'Non è stato possibile aggiungere il prodotto al carrello: il carrello non risponde. Riprova tra poco.' })
    expect(screen.getByTestId('add-refused').getAttribute('role')).toBe('alert')
  })
})

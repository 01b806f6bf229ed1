/** @jest-environment jsdom */
import type { CartItem, ProductSummary } from '../../domain/types'
import { ga4Payload, itemOfLine, itemOfSummary, trackGa4, trackQuantityChange } from './ga4'

const now = (run: () => void) => run()

const summary: ProductSummary = {
  id: 'p-1',
  slug: 'crocchette-adult',
  name: 'Crocchette Adult',
  brand: { name: 'Zampa Amica', slug: 'zampa-amica' },
  fastPicking: false,
  hasVariant: [{ sku: '10003', name: '2 kg', offers: { price: 12.5, listPrice: 15, lowPrice: 12.5 }, image: [] }],
} as unknown as ProductSummary

const line = {
  id: 'l-1',
  index: 2,
  quantity: 3,
  price: 4.99,
  listPrice: 5.99,
  itemOffered: { sku: '20001', brand: { name: 'Miao' }, isVariantOf: { productGroupID: 'p-9', name: 'Lettiera' } },
} as unknown as CartItem

beforeEach(() => {
  window.dataLayer = []
})

describe('GA4 items', () => {
  it('a card: product id, sku as the variant, price, quantity 1, currency, its place in the list', () => {
    expect(itemOfSummary(summary, 4, 'Cane')).toEqual({
      item_id: 'p-1',
      item_name: 'Crocchette Adult',
      item_brand: 'Zampa Amica',
      item_variant: '10003',
      price: 12.5,
      quantity: 1,
      currency: 'EUR',
      index: 4,
      item_list_name: 'Cane',
    })
  })

  it('a cart line, with the quantity asked for', () => {
    expect(itemOfLine(line, 1)).toEqual({ item_id: 'p-9', item_name: 'Lettiera', item_brand: 'Miao', item_variant: '20001', price: 4.99, quantity: 1, currency: 'EUR', index: 2 })
  })

  it('the payload sums the value to the cent', () => {
    expect(ga4Payload([itemOfLine(line)]).ecommerce).toMatchObject({ currency: 'EUR', value: 14.97 })
  })
})

describe('trackGa4', () => {
  it('pushes the event with its items when run, and nothing for no items', () => {
    trackGa4('view_item_list', [itemOfSummary(summary, 0, 'Cane')], { item_list_name: 'Cane' }, now)
    trackGa4('view_item_list', [], {}, now)
    expect(window.dataLayer).toEqual([{ event: 'view_item_list', ecommerce: expect.objectContaining({ item_list_name: 'Cane', items: [expect.objectContaining({ item_variant: '10003' })] }) }])
  })

  it('waits for the idle callback before pushing', () => {
    const queued: Array<() => void> = []
    trackGa4('view_item', [itemOfLine(line)], {}, (run) => queued.push(run))
    expect(window.dataLayer).toEqual([])
    queued.forEach((run) => run())
    expect(window.dataLayer).toHaveLength(1)
  })

  it('a quantity change sends the units added or taken away, and nothing when unchanged', () => {
    trackQuantityChange(line, 3, 5, now)
    trackQuantityChange(line, 5, 1, now)
    trackQuantityChange(line, 2, 2, now)
    expect(window.dataLayer!.map((e) => [e.event, (e.ecommerce as { items: { quantity: number }[] }).items[0]!.quantity])).toEqual([
      ['add_to_cart', 2],
      ['remove_from_cart', 4],
    ])
  })
})

import { cartItem } from '../../testing/fixtures'
import { announceDroppedLines, announceNewMessages } from './announce'

describe('announceDroppedLines', () => {
  it('tells the shopper, one message per product, which product left the cart and why, for 2 s (req CART-29)', () => {
    const push = jest.fn()
    announceDroppedLines([cartItem({ sku: '1' }), cartItem({ sku: '2' })], 'elsewhere', push)
    expect(push.mock.calls.map(([toast]) => toast)).toEqual([
      { text: "«Prodotto 1 - 2 kg» non è più presente nel carrello: è stato tolto da un'altra scheda o da un altro dispositivo.", status: 'warning', durationMs: 2000 },
      { text: "«Prodotto 2 - 2 kg» non è più presente nel carrello: è stato tolto da un'altra scheda o da un altro dispositivo.", status: 'warning', durationMs: 2000 },
    ])
    announceDroppedLines([cartItem({ sku: '3' })], 'emptied', push)
    announceDroppedLines([cartItem({ sku: '4' })], 'platform', push)
    expect(push.mock.calls.slice(2).map(([toast]) => toast.text)).toEqual([
      '«Prodotto 3 - 2 kg» non è più presente nel carrello: il carrello registrato dal negozio è vuoto.',
      '«Prodotto 4 - 2 kg» non è più presente nel carrello: il negozio lo ha tolto dal carrello.',
    ])
  })
})

describe('announceNewMessages', () => {
  it('shows only the messages the previous cart did not have, for 2 s', () => {
    const push = jest.fn()
    const old = { text: 'già visto', status: 'warning' as const }
    const fresh = { text: 'nuovo', status: 'error' as const }
    announceNewMessages([old], [old, fresh], push)
    expect(push).toHaveBeenCalledTimes(1)
    expect(push).toHaveBeenCalledWith({ text: 'nuovo', status: 'error', durationMs: 2000 })
  })
})

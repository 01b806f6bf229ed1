import { cartStatus, createCartStatus } from './status'

describe('cart status', () => {
  it('starts with nothing in flight, in sync and answered in time', () => {
    expect(cartStatus.read()).toEqual({ isValidating: false, unsynced: false, slow: false })
    expect(createCartStatus().read()).toEqual({ isValidating: false, unsynced: false, slow: false })
  })

  it('gives each status its own state', () => {
    const one = createCartStatus()
    const other = createCartStatus()
    one.set({ isValidating: true, unsynced: true, slow: true })
    expect(other.read()).toEqual({ isValidating: false, unsynced: false, slow: false })
  })
})

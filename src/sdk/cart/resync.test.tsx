import { createBaseStore } from '@faststore/sdk'
import { watchUnsynced } from './resync'
import type { CartStatus } from './status'

describe('watchUnsynced', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('asks for validation every interval while unsynced, and stops once in sync', () => {
    const status = createBaseStore<CartStatus>({ isValidating: false, unsynced: false, slow: false })
    const revalidate = jest.fn()
    const stop = watchUnsynced(status, revalidate, 5000)
    jest.advanceTimersByTime(20_000)
    expect(revalidate).not.toHaveBeenCalled()
    status.set({ isValidating: false, unsynced: true, slow: false })
    jest.advanceTimersByTime(10_000)
    expect(revalidate).toHaveBeenCalledTimes(2)
    status.set({ isValidating: false, unsynced: false, slow: false })
    jest.advanceTimersByTime(20_000)
    expect(revalidate).toHaveBeenCalledTimes(2)
    stop()
  })

  it('asks at once when the browser comes back online while unsynced', () => {
    const status = createBaseStore<CartStatus>({ isValidating: false, unsynced: true, slow: false })
    const revalidate = jest.fn()
    const stop = watchUnsynced(status, revalidate, 5000)
    window.dispatchEvent(new Event('online'))
    expect(revalidate).toHaveBeenCalledTimes(1)
    stop()
    window.dispatchEvent(new Event('online'))
    expect(revalidate).toHaveBeenCalledTimes(1)
  })
})

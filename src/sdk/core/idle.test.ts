/** @jest-environment jsdom */
import { whenIdle } from './idle'

afterEach(() => {
  jest.useRealTimers()
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback
})

describe('whenIdle', () => {
  it('asks the browser for its next idle moment, with the latest time given', () => {
    const idle = jest.fn((callback: () => void, _options: { timeout: number }) => callback())
    Object.assign(window, { requestIdleCallback: idle })
    const run = jest.fn()
    whenIdle(run, { timeout: 5000, fallback: 2000 })
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 5000 })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs after the fallback where the browser has no idle callback', () => {
    jest.useFakeTimers()
    const run = jest.fn()
    whenIdle(run, { timeout: 2000, fallback: 200 })
    jest.advanceTimersByTime(199)
    expect(run).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
  })
})

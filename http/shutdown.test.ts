import { stopOnSignals } from './shutdown'

describe('stopOnSignals', () => {
  const handlers = new Map<string, () => void>()
  let exit: jest.SpyInstance

  beforeEach(() => {
    handlers.clear()
    jest.spyOn(process, 'on').mockImplementation(((event: string, handler: () => void) => {
      handlers.set(event, handler)
      return process
    }) as typeof process.on)
    exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as typeof process.exit)
  })
  afterEach(() => jest.restoreAllMocks())

  it('closes once on SIGINT or SIGTERM, then exits 0', async () => {
    const close = jest.fn(async () => undefined)
    const onStop = jest.fn()
    stopOnSignals({ close, onStop })
    handlers.get('SIGTERM')!()
    handlers.get('SIGINT')!()
    await Promise.resolve()
    await Promise.resolve()
    expect(onStop.mock.calls).toEqual([['SIGTERM']])
    expect(close).toHaveBeenCalledTimes(1)
    expect(exit).toHaveBeenCalledWith(0)
  })

  it('exits 1 when closing fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    stopOnSignals({ close: () => Promise.reject(new Error('stuck')), onStop: () => undefined })
    handlers.get('SIGINT')!()
    await new Promise((resolve) => setImmediate(resolve))
    expect(exit).toHaveBeenCalledWith(1)
  })

  it('exits 1 when a close outlasts forceExitAfterMs', () => {
    jest.useFakeTimers()
    try {
      stopOnSignals({ close: () => new Promise(() => undefined), onStop: () => undefined, forceExitAfterMs: 10_000 })
      handlers.get('SIGTERM')!()
      jest.advanceTimersByTime(9_999)
      expect(exit).not.toHaveBeenCalled()
      jest.advanceTimersByTime(1)
      expect(exit).toHaveBeenCalledWith(1)
    } finally {
      jest.useRealTimers()
    }
  })
})

import { createAddsInFlight, trackValidating } from './inFlight'
import { createCartStatus } from './status'

describe('trackValidating', () => {
  it('stays validating until every tracked task has settled, whichever ends first', async () => {
    const status = createCartStatus()
    let finishFirst = () => {}
    let finishSecond = () => {}
    const first = trackValidating(() => new Promise<void>((resolve) => (finishFirst = resolve)), status)
    const second = trackValidating(() => new Promise<void>((resolve) => (finishSecond = resolve)), status)
    expect(status.read().isValidating).toBe(true)
    finishSecond()
    await second
    expect(status.read().isValidating).toBe(true)
    finishFirst()
    await first
    expect(status.read().isValidating).toBe(false)
  })

  it('settles when the task fails', async () => {
    const status = createCartStatus()
    await expect(trackValidating(() => Promise.reject(new Error('down')), status)).rejects.toThrow('down')
    expect(status.read().isValidating).toBe(false)
  })

  it('flags work in flight past the slow limit as slow until all of it has settled, and fast work never', async () => {
    const status = createCartStatus()
    await trackValidating(() => Promise.resolve(), status, 30)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(status.read().slow).toBe(false)

    let finishFirst = () => {}
    let finishSecond = () => {}
    const first = trackValidating(() => new Promise<void>((resolve) => (finishFirst = resolve)), status, 30)
    await new Promise((resolve) => setTimeout(resolve, 15))
    expect(status.read().slow).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(status.read()).toEqual({ isValidating: true, unsynced: false, slow: true })
    const second = trackValidating(() => new Promise<void>((resolve) => (finishSecond = resolve)), status, 30)
    finishFirst()
    await first
    expect(status.read().slow).toBe(true)
    finishSecond()
    await second
    expect(status.read()).toEqual({ isValidating: false, unsynced: false, slow: false })
  })
})

describe('createAddsInFlight', () => {
  it('answers what settles once every add has ended, and nothing while none is on its way', async () => {
    const adds = createAddsInFlight()
    expect(adds.settled()).toBeNull()
    adds.start()
    adds.start()
    const settled = adds.settled()!
    let done = false
    void settled.then(() => (done = true))
    adds.end()
    await Promise.resolve()
    expect([done, adds.settled()]).toEqual([false, settled])
    adds.end()
    await settled
    expect([done, adds.settled()]).toEqual([true, null])
  })
})

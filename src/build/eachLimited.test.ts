import { eachLimited } from './eachLimited'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('eachLimited', () => {
  it('runs every item once, never more than the limit at a time', async () => {
    let running = 0
    let most = 0
    const done: number[] = []
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++
      most = Math.max(most, running)
      await tick()
      done.push(item)
      running--
    })
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(most).toBe(3)
  })

  it('does nothing for no items, and runs one at a time below a limit of 1', async () => {
    const seen: number[] = []
    await eachLimited([], 4, async () => {
      throw new Error('never called')
    })
    await eachLimited([1, 2], 0, async (item) => {
      seen.push(item)
    })
    expect(seen).toEqual([1, 2])
  })

  it('rejects with the first failure, and starts no item after it', async () => {
    const started: number[] = []
    await expect(
      eachLimited([1, 2, 3, 4, 5, 6], 2, async (item) => {
        started.push(item)
        await tick()
        if (item === 2) throw new Error('due')
      }),
    ).rejects.toThrow('due')
    await tick()
    await tick()
    // 1 and 2 ran together; 3 started when 1 ended, and nothing after 2 failed.
    expect(started).toEqual([1, 2, 3])
  })
})

/**
 * Runs `work` on every item, at most `limit` at once, in the items' order of starting. The first failure rejects
 * it, and no item starts after a failure (the ones already running go on to their end). The build's listings, a
 * release's files and a frame change's pages all go through it.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
}

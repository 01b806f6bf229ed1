/**
 * Runs `work` on every item, at most `limit` at once, in the items' order of starting; rejects with the first
 * failure, once the work already started has ended. The build's listings, a release's files and a frame
 * change's pages all go through it.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
}

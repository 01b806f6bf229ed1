/**
 * Least-recently-used cache bounded by total size. A Map keeps insertion
 * order, so re-inserting on every hit makes its first key the least recent.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>()
  private bytes = 0

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** The value without making it the most recent. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value
  }

  delete(key: K): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.size
  }

  set(key: K, value: V): void {
    const size = this.sizeOf(value)
    this.delete(key)
    if (size > this.maxBytes) return
    this.entries.set(key, { value, size })
    this.bytes += size
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.size
    }
  }

  get size(): number {
    return this.entries.size
  }

  get totalBytes(): number {
    return this.bytes
  }
}

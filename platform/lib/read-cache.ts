import { LRUCache } from 'lru-cache'

export interface ReadCacheOptions {
  /** Budget of the kept answers, measured as JSON; the least recently used go first. */
  maxBytes?: number
  /** Age after which an entry is read again; 0 turns the cache off. */
  ttlMs?: number
  now?: () => number
}

interface Entry {
  value: Promise<unknown>
  expires: number
  generation: number
  /** The answer's JSON length once known; a pending load counts as PENDING_BYTES. */
  bytes: number
}

const PENDING_BYTES = 1_024

/**
 * Memoised reads of data that changes only through this process: catalog
 * searches, suggestions, product pages and the priced lines of an order form.
 *
 * - `invalidate()` drops everything at once (the catalog changed), and a load
 *   started before it is never stored after it.
 * - Concurrent reads of one key share one load, so fifty shoppers searching
 *   the same word cost one query.
 * - A failed load is not kept.
 * - Entries also expire after `ttlMs`, which bounds how stale a read can be
 *   when several platform processes share one PostgreSQL database and a
 *   change is made through another of them.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Entry>
  private readonly ttlMs: number
  private readonly now: () => number
  private generation = 0

  constructor(options: ReadCacheOptions = {}) {
    this.entries = new LRUCache<string, Entry>({ maxSize: options.maxBytes ?? 64 * 1024 * 1024, sizeCalculation: (entry) => Math.max(1, entry.bytes) })
    this.ttlMs = options.ttlMs ?? 60_000
    this.now = options.now ?? Date.now
  }

  /** The kept answer for `key`, or `load`'s, kept; with `fresh`, `load`'s whatever is kept (and it replaces it). */
  memo<V>(key: string, load: () => Promise<V>, fresh = false): Promise<V> {
    if (this.ttlMs <= 0) return load()
    const cached = fresh ? undefined : this.entries.get(key)
    if (cached && cached.generation === this.generation && cached.expires > this.now()) return cached.value as Promise<V>
    const generation = this.generation
    const value = load()
    const entry: Entry = { value, expires: this.now() + this.ttlMs, generation, bytes: PENDING_BYTES }
    this.entries.set(key, entry)
    value.then(
      (answer) => {
        // Weighed once loaded, so a budget counts what is really kept.
        if (this.entries.peek(key) === entry) this.entries.set(key, { ...entry, bytes: JSON.stringify(answer)?.length ?? 0 })
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key)
      },
    )
    return value
  }

  /** Forgets every entry: the next read of each key loads it again. */
  invalidate(): void {
    this.generation += 1
  }

  get size(): number {
    return this.entries.size
  }
}

/** The cache's age limit from PLATFORM_READ_CACHE_MS (milliseconds; 0 turns it off). */
export function readCacheTtlFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PLATFORM_READ_CACHE_MS
  if (raw === undefined || raw === '') return 60_000
  const ms = Number(raw)
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`PLATFORM_READ_CACHE_MS must be a number of milliseconds, got "${raw}"`)
  return ms
}

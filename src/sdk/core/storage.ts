/**
 * Browser storage read through a schema. What another release, another tab
 * or a hand in the devtools left under a key is parsed like any answer from
 * the network: a value that parses is returned typed; one that does not (not
 * JSON, another shape) is removed and reads as nothing. Storage that is
 * missing, blocked or full never throws: reads give undefined, writes false.
 */
import type { Schema } from '../../wire/schema'

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>

/** The page's local or session storage, or null on the server or where the browser refuses it. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window[kind]
  } catch {
    return null
  }
}

export interface Stored {
  /** The value under `key` if it parses with `schema`; otherwise the key is cleared and the answer is undefined. */
  read<T>(key: string, schema: Schema<T>): T | undefined
  /** Stores `value` as JSON; false when the storage refused it. */
  write(key: string, value: unknown): boolean
  remove(key: string): void
}

export function stored(storage: StorageLike | null | undefined): Stored {
  const remove = (key: string) => {
    try {
      storage?.removeItem?.(key)
    } catch {
      /* a blocked storage keeps what it has; it is read through the schema anyway */
    }
  }
  return {
    read<T>(key: string, schema: Schema<T>): T | undefined {
      let raw: string | null | undefined
      try {
        raw = storage?.getItem(key)
      } catch {
        return undefined
      }
      if (raw === null || raw === undefined) return undefined
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        remove(key)
        return undefined
      }
      const parsed = schema.safeParse(value)
      if (parsed.success) return parsed.data
      remove(key)
      return undefined
    },
    write(key: string, value: unknown): boolean {
      try {
        storage?.setItem(key, JSON.stringify(value))
        return storage !== null && storage !== undefined
      } catch {
        return false
      }
    },
    remove,
  }
}

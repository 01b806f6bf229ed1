/**
 * Schemas written by hand for the few stored values the browser reads synchronously from its start
 * (a list of strings, a record of numbers): they need no zod, so reading them never waits for the
 * parser's chunk (req PERF-01), and the error path that guards against reload loops works even when
 * no chunk loads.
 */
import type { Issue, Schema } from './schema'

const refused = (message: string) => ({ success: false as const, error: { issues: [{ path: [], message }] as readonly Issue[] } })

/** An array of strings. */
export const stringList: Schema<string[]> = {
  safeParse: (value) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? { success: true, data: [...value] } : refused('Expected an array of strings')),
}

/** An array whose strings are kept and whose other items are dropped. */
export const stringsIn: Schema<string[]> = {
  safeParse: (value) => (Array.isArray(value) ? { success: true, data: value.filter((item): item is string => typeof item === 'string') } : refused('Expected an array')),
}

/** An object with a finite number under each of `keys` (other keys are dropped). */
export function numbersRecord<K extends string>(...keys: K[]): Schema<Record<K, number>> {
  return {
    safeParse(value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return refused('Expected an object')
      const record = value as Record<string, unknown>
      const bad = keys.find((key) => typeof record[key] !== 'number' || !Number.isFinite(record[key]))
      if (bad !== undefined) return { success: false, error: { issues: [{ path: [bad], message: 'Expected a number' }] } }
      return { success: true, data: Object.fromEntries(keys.map((key) => [key, record[key]])) as Record<K, number> }
    },
  }
}

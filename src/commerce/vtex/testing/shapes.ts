/**
 * The shape of JSON answers, as the fields they hold: each object's place in the answer (`$`,
 * `$.products[]`, `$.products[].items[]`), the keys found on it and how often, and each field's JSON
 * types. Read over all recorded answers of an operation, it says what VTEX really sends: a key found on
 * every object at its place is one VTEX always sends there ("observed required"), a key found on none is
 * one it never sent. The shape test holds the simulator's answers to it, and the wire validator holds
 * every answer the simulator gives to the observed required keys.
 */
import { recordingsOf, type Recording } from './recordings'

/** A key made of digits names an entry of a map by id (an order form line's `productCategories`), not a field: all such keys are one, `{id}`. */
const fieldOf = (key: string) => (/^\d+$/.test(key) ? '{id}' : key)

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object'

export interface Shape {
  /** How many answers were read. */
  answers: number
  /** Each object's place: how many objects were there, and how many of them held each key. */
  objects: Map<string, { count: number; keys: Map<string, number> }>
  /** Each field's place (`$.products[].productName`): the JSON types found there. */
  types: Map<string, Set<JsonType>>
}

export const typeOf = (value: unknown): JsonType => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : (typeof value as 'boolean' | 'number' | 'string'))

export function shapeOf(bodies: readonly unknown[]): Shape {
  const shape: Shape = { answers: bodies.length, objects: new Map(), types: new Map() }
  const visit = (value: unknown, at: string) => {
    const types = shape.types.get(at) ?? new Set<JsonType>()
    types.add(typeOf(value))
    shape.types.set(at, types)
    if (Array.isArray(value)) value.forEach((item) => visit(item, `${at}[]`))
    else if (value && typeof value === 'object') {
      const object = shape.objects.get(at) ?? { count: 0, keys: new Map<string, number>() }
      object.count++
      shape.objects.set(at, object)
      for (const key of new Set(Object.keys(value).map(fieldOf))) object.keys.set(key, (object.keys.get(key) ?? 0) + 1)
      for (const [key, inner] of Object.entries(value)) visit(inner, `${at}.${fieldOf(key)}`)
    }
  }
  for (const body of bodies) visit(body, '$')
  return shape
}

/** The keys every object at each place held: `$.products[].items[]` → itemId, name, images, sellers… */
export function observedRequired(shape: Shape): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const [at, { count, keys }] of shape.objects) out.set(at, new Set([...keys].filter(([, n]) => n === count).map(([key]) => key)))
  return out
}

export interface ShapeDifference {
  kind: 'invented' | 'dropped' | 'retyped'
  /** The field's place, e.g. `$.facets[].values[].range`. */
  path: string
  detail: string
}

/**
 * How `simulated` differs from `recorded`: a key the simulator sends at a place where the recordings hold
 * objects but never that key (invented), a key every recorded object there holds that some simulated object
 * lacks (dropped), a field whose simulated type the recordings never had there (retyped; a field recorded
 * only as null says nothing of its type). Places the recordings never reached are not judged.
 */
export function compareShapes(recorded: Shape, simulated: Shape): ShapeDifference[] {
  const out: ShapeDifference[] = []
  const required = observedRequired(recorded)
  for (const [at, object] of simulated.objects) {
    const seen = recorded.objects.get(at)
    if (!seen) continue
    for (const key of object.keys.keys()) if (!seen.keys.has(key)) out.push({ kind: 'invented', path: `${at}.${key}`, detail: `no recorded answer has it (${seen.count} objects there)` })
    for (const key of required.get(at) ?? []) {
      const held = object.keys.get(key) ?? 0
      if (held < object.count) out.push({ kind: 'dropped', path: `${at}.${key}`, detail: `every recorded object there has it; ${object.count - held} of ${object.count} simulated lack it` })
    }
  }
  for (const [path, types] of simulated.types) {
    const seen = recorded.types.get(path)
    if (!seen || [...seen].every((t) => t === 'null')) continue
    const other = [...types].filter((t) => !seen.has(t))
    if (other.length) out.push({ kind: 'retyped', path, detail: `simulated ${other.join('|')}, recorded ${[...seen].join('|')}` })
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.kind.localeCompare(b.kind))
}

/** The recorded answers (real ones, no documented example) of an operation, those of routes that answer as it included. */
export const recordedAnswersOf = (operation: string): Recording[] => recordingsOf(operation, { kind: 'recorded answer', sameAnswer: true }).filter((r) => r.response.status >= 200 && r.response.status < 300)

/** Where each object of one answer misses a key the recorded answers of its operation always hold there. */
export function missingRequired(required: ReadonlyMap<string, ReadonlySet<string>>, body: unknown): string[] {
  const missing: string[] = []
  const visit = (value: unknown, at: string) => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, `${at}[]`))
    else if (value && typeof value === 'object') {
      const keys = new Set(Object.keys(value).map(fieldOf))
      for (const key of required.get(at) ?? []) if (!keys.has(key)) missing.push(`${at}.${key}`)
      for (const [key, inner] of Object.entries(value)) visit(inner, `${at}.${fieldOf(key)}`)
    }
  }
  visit(body, '$')
  return [...new Set(missing)]
}

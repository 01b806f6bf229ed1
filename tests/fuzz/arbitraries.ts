/**
 * Hostile input for the wire fuzz suite: strings, numbers, keys and whole
 * JSON values that a careless parser, a database or a prototype chain
 * chokes on, and whole requests built by mutating a valid one.
 */
import fc from 'fast-check'

/** Text a handler or PostgreSQL may mishandle. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m',
  '\u007f',
  '\t\r\n',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF',
  '\uFEFF',
  '\u202Eevil',
  '🐶🐱'.repeat(50),
  'ÀÉÎÕÜ ñ ß',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR 1=1 --",
  '"; DROP TABLE order_forms; --',
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  'null',
  'true',
  '{}',
  '[]',
  'A0B1C2D3-E4F5-4A6B-8C7D-9E0F1A2B3C4D',
  '//evil.example',
  'a'.repeat(65),
  'a'.repeat(301),
]

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\uD83D', '\u001f'), fc.string({ maxLength: 8 })).map((p) => p.join('')) },
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, -(2 ** 31), 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324, 10_000, 10_001, 1e21),
  fc.integer(),
  fc.double(),
)

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', '', 'a\u0000', '\uD800', 'quantity', 'sku', 'orderFormId', 'id'),
  fc.string({ maxLength: 10 }),
)

/** An object whose keys may be `__proto__`: defined as own data properties, as JSON.parse makes them. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const target: Record<string, unknown> = {}
  for (const [key, value] of entries) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  return target
}

/** Any JSON value, with hostile leaves and keys, a few levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectOf),
  ),
})).value

/** JSON nested `depth` levels, written by hand (JSON.stringify would recurse too). */
export const deepJson = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

/** Bodies that are not the JSON a handler expects, as raw text. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"orderFormId": ',
    'null',
    '[]',
    '"text"',
    '42',
    'NaN',
    '{"quantity": NaN}',
    '{"quantity": Infinity}',
    '{"quantity": 1e999}',
    '{"quantity": -1e999}',
    '{"__proto__": {"admin": true}}',
    '{"constructor": {"prototype": {"admin": true}}}',
    '{"a":1,"a":2}',
    '\uFEFF{}',
    '{"x": "\\u0000"}',
    '{"x": "\\ud800"}',
    '\u0000',
  ),
  fc.tuple(fc.integer({ min: 17, max: 20_000 }), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([depth, kind]) => deepJson(depth, kind)),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
)

export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  undefined,
)

export const anyMethod = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD')

type Path = (string | number)[]

/** Every path to a value inside a JSON template, the root included. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix]
  if (Array.isArray(value)) value.forEach((child, index) => paths.push(...pathsOf(child, [...prefix, index])))
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key]))
  return paths
}

export type Mutation =
  | { kind: 'replace'; path: Path; value: unknown }
  | { kind: 'delete'; path: Path }
  | { kind: 'addKey'; path: Path; key: string; value: unknown }

/** Applies one mutation to a copy of a JSON template. */
export function mutate(template: unknown, mutation: Mutation): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(template ?? {}))
  if (mutation.path.length === 0 && mutation.kind === 'replace') return mutation.value
  let parent = copy as Record<string | number, unknown>
  const path = mutation.kind === 'addKey' ? mutation.path : mutation.path.slice(0, -1)
  for (const step of path) {
    const next = parent?.[step]
    if (next === null || typeof next !== 'object') return copy
    parent = next as Record<string | number, unknown>
  }
  const last = mutation.path[mutation.path.length - 1]
  if (parent === null || typeof parent !== 'object') return copy
  if (mutation.kind === 'replace' && last !== undefined) parent[last] = mutation.value
  else if (mutation.kind === 'delete' && last !== undefined) {
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
    else delete parent[last]
  } else if (mutation.kind === 'addKey') Object.defineProperty(parent, mutation.key, { value: mutation.value, enumerable: true, writable: true, configurable: true })
  return copy
}

/** 1 to 3 mutations of a template; each picks one of its paths. */
export function mutations(template: unknown): fc.Arbitrary<Mutation[]> {
  const paths = pathsOf(template)
  const path = fc.constantFrom(...paths)
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), path, value: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), path }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('addKey' as const), path, key: hostileKey, value: hostileValue }) },
  )
  return fc.array(one, { minLength: 1, maxLength: 3 })
}

/**
 * The zod every schema of the wire and of browser storage is built with.
 *
 * - zod itself is not in this module: the builders are in ./zodBuilders, a
 *   chunk loaded by `loadParser()` the first time a page parses something (an
 *   answer, a stored value). Everything that parses in the browser awaits it
 *   first; the server and the tests install it at once (./parserNow).
 *
 * - zod compiles object parsers with `new Function` unless told not to, and
 *   even its probe for whether it may is a script evaluation the pages'
 *   Content-Security-Policy refuses and reports. `jitless` has to be set
 *   before the first object schema is built, so every schema module imports
 *   `z` from here rather than from zod itself.
 * - `z` is an object of the builders the project uses, not zod's namespace.
 *   Re-exported, zod's namespace reaches webpack as a whole: its 40 locales
 *   and its JSON-schema generator, code no page runs.
 *   A builder missing here is one line to add.
 * - Every builder here is lazy: it answers a stand-in, and the schema is
 *   built the first time something reads it (a parse, or a schema built
 *   from it). zod builds a schema through a chain of constructors, and
 *   building all of the wire's few hundred would lengthen a page load's
 *   first task, though a page parses only a few of them. Types are
 *   unchanged: a stand-in is typed as the schema it stands for.
 */
import type * as zod from 'zod/v4/mini'
import type * as ZodBuilders from './zodBuilders'
import type * as BrowserSchemas from './browserSchemas'

type Builders = typeof ZodBuilders
type Schemas = typeof BrowserSchemas

let builders: Builders | undefined
let schemas: Schemas | undefined
let loading: Promise<void> | undefined

/**
 * Makes `loaded` the builders every stand-in is built with, and `loadedSchemas` the schemas `wire()`
 * answers: at once on the server and in tests (./parserNow).
 */
export function installParser(loaded: Builders, loadedSchemas: Schemas): void {
  builders ??= loaded
  schemas ??= loadedSchemas
}

/** Whether a schema can be built, and a value parsed, now. */
export const parserLoaded = (): boolean => builders !== undefined

/**
 * Loads zod, the builders and the browser's schemas (./browserSchemas) on first use, as a chunk of their
 * own (req PERF-01): every page's first load carries only the stand-ins. A failed load is tried again by
 * the next call.
 */
export function loadParser(): Promise<void> {
  if (builders && schemas) return Promise.resolve()
  loading ??= import(/* webpackChunkName: "parser" */ './parserChunk').then(
    (module) => installParser(module.builders, module.schemas),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

function loadedBuilders(): Builders {
  if (!builders) throw new Error('A schema was read before the parser loaded: await loadParser() first')
  return builders
}

/** The browser's schemas (./browserSchemas), once `loadParser()` has loaded them. */
export function wire(): Schemas {
  if (!schemas) throw new Error('A schema was read before the parser loaded: await loadParser() first')
  return schemas
}

const resolveKey = Symbol('resolve a lazy schema')

interface Lazy {
  [resolveKey]: () => object
}

const isLazy = (value: unknown): value is Lazy => typeof value === 'object' && value !== null && resolveKey in value

/** A builder's argument with every stand-in in it (a shape's values, a union's options) replaced by its schema. */
function unwrap(value: unknown): unknown {
  if (isLazy(value)) return value[resolveKey]()
  if (Array.isArray(value)) return value.map(unwrap)
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, unwrap(inner)]))
  }
  return value
}

/**
 * A stand-in for the schema `build` makes, built on the first read of any of its properties. `check`
 * read before that answers a builder of another stand-in, so `z.string().check(…)` at a module's top
 * level builds nothing either.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined
  const resolve = (): T => (schema ??= build())
  return new Proxy({} as T, {
    get(_, key) {
      if (key === resolveKey) return resolve
      if (key === 'check' && schema === undefined) {
        return (...checks: unknown[]) => lazySchema(() => (resolve() as unknown as { check: (...c: unknown[]) => object }).check(...checks.map(unwrap)))
      }
      const target = resolve()
      return Reflect.get(target, key, target)
    },
    has: (_, key) => key === resolveKey || Reflect.has(resolve(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(resolve()),
    ownKeys: () => Reflect.ownKeys(resolve()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(resolve(), key)
      return descriptor && { ...descriptor, configurable: true }
    },
  })
}

/**
 * A stand-in for one of the browser's schemas (./browserSchemas), for modules of the first load: importing
 * the schema itself would bring its definition, and every one it is built from, into the first load.
 */
export const wireSchema = <K extends Exclude<keyof Schemas, 'functionRoutes' | 'graphqlOperations'>>(name: K): Schemas[K] =>
  lazySchema(() => wire()[name])

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any builder's signature, passed through unchanged
type AnyBuilder = (...args: any[]) => object

const lazyBuilder = <K extends Exclude<keyof Builders, 'coerce'>>(name: K): Builders[K] =>
  ((...args: unknown[]) => lazySchema(() => (loadedBuilders()[name] as AnyBuilder)(...args.map(unwrap)))) as Builders[K]

export const z = {
  _default: lazyBuilder('_default'),
  array: lazyBuilder('array'),
  boolean: lazyBuilder('boolean'),
  catch: lazyBuilder('catch'),
  catchall: lazyBuilder('catchall'),
  coerce: { number: ((...args: unknown[]) => lazySchema(() => (loadedBuilders().coerce.number as AnyBuilder)(...args.map(unwrap)))) as Builders['coerce']['number'] },
  discriminatedUnion: lazyBuilder('discriminatedUnion'),
  enum: lazyBuilder('enum'),
  extend: lazyBuilder('extend'),
  gt: lazyBuilder('gt'),
  gte: lazyBuilder('gte'),
  int: lazyBuilder('int'),
  literal: lazyBuilder('literal'),
  lte: lazyBuilder('lte'),
  maxLength: lazyBuilder('maxLength'),
  minLength: lazyBuilder('minLength'),
  nullable: lazyBuilder('nullable'),
  nullish: lazyBuilder('nullish'),
  number: lazyBuilder('number'),
  object: lazyBuilder('object'),
  omit: lazyBuilder('omit'),
  optional: lazyBuilder('optional'),
  pipe: lazyBuilder('pipe'),
  refine: lazyBuilder('refine'),
  regex: lazyBuilder('regex'),
  strictObject: lazyBuilder('strictObject'),
  string: lazyBuilder('string'),
  transform: lazyBuilder('transform'),
  trim: lazyBuilder('trim'),
  tuple: lazyBuilder('tuple'),
  union: lazyBuilder('union'),
  unknown: lazyBuilder('unknown'),
}

/** The types that go with the builders, as zod names them. */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace z {
  export type infer<T> = zod.infer<T>
  export type input<T> = zod.input<T>
  export type output<T> = zod.output<T>
  export type ZodMiniType<O = unknown, I = unknown> = zod.ZodMiniType<O, I>
}

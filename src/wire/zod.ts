/**
 * The zod every schema of the wire and of browser storage is built with.
 *
 * - zod compiles object parsers with `new Function` unless told not to, and
 *   even its probe for whether it may is a script evaluation the pages'
 *   Content-Security-Policy refuses and reports. `jitless` has to be set
 *   before the first object schema is built, so every schema module imports
 *   `z` from here rather than from zod itself.
 * - `z` is an object of the builders the project uses, not zod's namespace.
 *   Re-exported, zod's namespace reaches webpack as a whole: its 40 locales
 *   and its JSON-schema generator, 108 KB of the app chunk that no page runs.
 *   A builder missing here is one line to add.
 */
import {
  _default,
  array,
  boolean,
  catch as catchValue,
  catchall,
  coerce,
  config,
  discriminatedUnion,
  enum as enumOf,
  extend,
  gt,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  nullish,
  number,
  object,
  omit,
  optional,
  pipe,
  refine,
  regex,
  strictObject,
  string,
  transform,
  trim,
  tuple,
  union,
  unknown,
} from 'zod/v4/mini'
import type * as zod from 'zod/v4/mini'

config({ jitless: true })

export const z = {
  _default,
  array,
  boolean,
  catch: catchValue,
  catchall,
  coerce,
  discriminatedUnion,
  enum: enumOf,
  extend,
  gt,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  nullish,
  number,
  object,
  omit,
  optional,
  pipe,
  refine,
  regex,
  strictObject,
  string,
  transform,
  trim,
  tuple,
  union,
  unknown,
}

/** The types that go with the builders, as zod names them. */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace z {
  export type infer<T> = zod.infer<T>
  export type input<T> = zod.input<T>
  export type output<T> = zod.output<T>
  export type ZodMiniType<O = unknown, I = unknown> = zod.ZodMiniType<O, I>
}

/**
 * zod's builders the wire uses, loaded by `loadParser()` (./zod) as a chunk of its own.
 * `jitless` is set before any schema is built: zod's probe for `new Function` is a script evaluation
 * the pages' Content-Security-Policy refuses and reports.
 */
import { config } from 'zod/v4/mini'

config({ jitless: true })

export {
  _default,
  array,
  boolean,
  catch,
  catchall,
  coerce,
  discriminatedUnion,
  enum,
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

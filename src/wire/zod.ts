/**
 * The zod every browser-side schema is built with. zod compiles object parsers
 * with `new Function` unless told not to, and even its probe for whether it may
 * is a script evaluation the pages' Content-Security-Policy refuses and reports.
 * `jitless` has to be set before the first object schema is built, so every
 * schema module imports `z` from here rather than from zod itself.
 */
import { config } from 'zod/v4/mini'

config({ jitless: true })

export { z } from 'zod/v4/mini'

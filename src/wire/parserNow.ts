/**
 * Installs the parser at once, for code that parses synchronously from its start: the Functions, the
 * server-side render and the tests. The browser loads it on first use instead (`loadParser` in ./zod).
 */
import { installParser } from './zod'
import * as builders from './zodBuilders'
import * as schemas from './browserSchemas'

installParser(builders, schemas)

/** What `loadParser()` (./zod) loads as one chunk: zod's builders and the schemas built with them. */
export * as builders from './zodBuilders'
export * as schemas from './browserSchemas'

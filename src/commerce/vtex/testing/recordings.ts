/**
 * The VTEX answers the tests hold as fixtures (recordings/): real answers FastStore recorded from a VTEX store
 * (`recorded answer`, recordings/faststore/) and the examples VTEX publishes in its OpenAPI documents
 * (`documented example`, recordings/openapi/), both written by scripts/vtex-recordings.ts. Each is tied to
 * the vendored operation its request is for, routed as the wire validator routes (routing.ts).
 *
 *   recordingsFor('GET', '/api/io/_v/api/intelligent-search/facets/category-1/office') // by a request's path
 *   recordingsFor('GET', '/facets/{facets}')                                           // by operations.ts' template
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { z } from 'zod/v4'
import { SEARCH_PREFIX, vendoredOperation } from './routing'

const FOLDER = join(__dirname, 'recordings')

const RecordingFile = z.object({
  kind: z.enum(['recorded answer', 'documented example']).optional(),
  operation: z.string().optional(),
  source: z.looseObject({ repository: z.string(), commit: z.string().optional(), path: z.string(), export: z.string().optional(), pointer: z.string().optional() }),
  request: z.looseObject({ method: z.string(), url: z.string(), body: z.unknown().optional() }),
  response: z.object({ status: z.number().int(), body: z.unknown() }),
})

export interface Recording {
  kind: 'recorded answer' | 'documented example'
  /** The file under recordings/, e.g. `faststore/SearchQuery.productSearchCategory1Fetch.json`. */
  file: string
  source: z.infer<typeof RecordingFile>['source']
  request: { method: string; url: string; body: unknown }
  response: { status: number; body: unknown }
  /** The vendored operation (validator.ts' name) the request is for, or null for a route the backend never calls. */
  operation: string | null
  /**
   * For a request no vendored operation matches whose answer is that of one: the operation it answers as
   * (SAME_ANSWER). Checkout answers the order form alike whether it is read by GET (what VTEX documents and
   * this backend sends) or by POST with the sections wanted (what FastStore sends, so what it recorded).
   */
  answersAs: string | null
}

/** Requests outside the vendored operations whose answers are, by what VTEX sends, those of one of them. */
const SAME_ANSWER: { method: string; pattern: RegExp; operation: string }[] = [
  { method: 'POST', pattern: /^\/api\/checkout\/pub\/orderForm\/[^/]+\/?$/, operation: 'GetCartInformationById' },
  // The catalog's public brand list is the private one's list, read without the app key.
  { method: 'GET', pattern: /^\/api\/catalog_system\/pub\/brand\/list\/?$/, operation: 'BrandList' },
]

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) return jsonFiles(full)
      return name.endsWith('.json') ? [full] : []
    })
}

/** The path of a recorded URL, or of a documented template (`{facets}` and all), without origin or query. */
function pathOf(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

let loaded: Recording[] | null = null

/** Every fixture under recordings/, each with the operation it answers. */
export function loadRecordings(): Recording[] {
  if (loaded) return loaded
  loaded = jsonFiles(FOLDER).map((full) => {
    const file = relative(FOLDER, full)
    const parsed = RecordingFile.parse(JSON.parse(readFileSync(full, 'utf8')))
    const method = parsed.request.method.toUpperCase()
    const path = pathOf(parsed.request.url)
    const operation = parsed.operation ?? vendoredOperation(method, path)
    const alias = operation ? undefined : SAME_ANSWER.find((a) => a.method === method && a.pattern.test(path))
    return {
      kind: parsed.kind ?? (parsed.source.repository === 'vtex/openapi-schemas' ? 'documented example' : 'recorded answer'),
      file,
      source: parsed.source,
      request: { method, url: parsed.request.url, body: parsed.request.body ?? null },
      response: parsed.response,
      operation,
      answersAs: alias?.operation ?? null,
    }
  })
  return loaded
}

/**
 * The fixtures for a request: `path` is a request's path (origin and query allowed) or a template as
 * operations.ts lists it (Intelligent Search's without its prefix). `sameAnswer` adds the recordings whose
 * request is another route that answers as this operation (SAME_ANSWER).
 */
export function recordingsFor(method: string, path: string, options: { kind?: Recording['kind']; sameAnswer?: boolean } = {}): Recording[] {
  const bare = pathOf(path)
  const operation = vendoredOperation(method, bare) ?? vendoredOperation(method, `${SEARCH_PREFIX}${bare}`)
  if (!operation) return []
  return loadRecordings().filter((r) => (r.operation === operation || (options.sameAnswer && r.answersAs === operation)) && (!options.kind || r.kind === options.kind))
}

/** The fixtures of one vendored operation, by the validator's name for it (e.g. `GetCartInformationById`). */
export function recordingsOf(operation: string, options: { kind?: Recording['kind']; sameAnswer?: boolean } = {}): Recording[] {
  return loadRecordings().filter((r) => (r.operation === operation || (options.sameAnswer && r.answersAs === operation)) && (!options.kind || r.kind === options.kind))
}

export interface Coverage {
  /** The published document, e.g. `VTEX - Checkout API.json`. */
  document: string
  method: string
  path: string
  /** The validator's name for it. */
  operation: string
  /** Real answers recorded for a request of this operation. */
  recorded: number
  /** Real answers recorded for another route that answers as this operation (SAME_ANSWER). */
  sameAnswer: number
  /** VTEX's documented examples (one per documented status). */
  documented: number
}

/** For each operation the backend calls (operations.ts), how many fixtures show its answer. */
export function coverage(operations: Readonly<Record<string, readonly { method: string; path: string }[]>>): Coverage[] {
  return Object.entries(operations).flatMap(([document, listed]) =>
    listed.map(({ method, path }) => {
      const operation = vendoredOperation(method, path) ?? vendoredOperation(method, `${SEARCH_PREFIX}${path}`) ?? `${method} ${path}`
      const of = loadRecordings().filter((r) => r.operation === operation)
      return {
        document,
        method,
        path,
        operation,
        recorded: of.filter((r) => r.kind === 'recorded answer').length,
        sameAnswer: loadRecordings().filter((r) => r.answersAs === operation).length,
        documented: of.filter((r) => r.kind === 'documented example').length,
      }
    }),
  )
}

/**
 * Validates every request the simulator receives and every answer it gives (req VTEX-05)
 * against the VTEX operation it matches, with openapi-backend (an OpenAPI 3
 * router and Ajv-based validator of parameters, bodies and responses) over the
 * operations vendored in ../openapi/. A request no vendored operation matches
 * is a violation too. An answer is also held to the real ones recorded for its
 * operation (recordings/): a field every recorded answer has there, it must have
 * (keyword `observedRequired`, at the field's place, e.g. `$.products[].items`).
 * Errors listed in deviations.json (each with its reason) are forgiven; nothing else is.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import OpenAPIBackend from 'openapi-backend'
import type { Document, Operation } from 'openapi-backend'
import { facetsAsOneSegment, SEARCH_PREFIX, SPECS } from './routing'
import { loadRecordings } from './recordings'
import { missingRequired, observedRequired, recordedAnswersOf, shapeOf } from './shapes'

export { operationTemplate, SEARCH_PREFIX, vendoredOperation } from './routing'

export interface Deviation {
  operation: string
  where: 'request' | 'response'
  instancePathPattern: string
  keyword: string
  /** For an undeclared query parameter (keyword additionalProperties): its name, so no other one is forgiven. */
  additionalProperty?: string
  reason: string
}

export interface WireRequest {
  method: string
  path: string
  query: Record<string, string | string[]>
  headers: Record<string, string | string[] | undefined>
  body?: unknown
}

export interface Violation {
  where: 'request' | 'response'
  operation: string
  errors: string[]
}

export interface Counts {
  requests: number
  answers: number
  violations: number
}

export interface MatchedOperation {
  api: OpenAPIBackend
  operation: Operation
  name: string
  /** The path as the operation's router saw it. */
  path: string
}

/**
 * The validator reads a response's schema only under `application/json`; a
 * schema published under the same media type with a parameter (Pricing's
 * `application/json; charset=utf-8`) is read there too, in memory, so that
 * answer is validated rather than passed unread.
 */
function jsonWithParameters(operation: Operation): void {
  for (const response of Object.values(operation.responses ?? {})) {
    const content = (response as { content?: Record<string, unknown> }).content
    if (!content || content['application/json']) continue
    const json = Object.keys(content).find((type) => type.split(';')[0]!.trim().toLowerCase() === 'application/json')
    if (json) content['application/json'] = content[json]
  }
}

export class VtexWireValidator {
  readonly counts: Counts = { requests: 0, answers: 0, violations: 0 }
  readonly violations: Violation[] = []
  private readonly apis: { name: string; api: OpenAPIBackend }[] = []
  private readonly deviations: Deviation[]
  /**
   * By operation, the keys every recorded real answer of it holds at each place (shapes.ts): VTEX's schemas
   * require almost nothing, so an answer missing one of these is valid by the schema yet unlike any VTEX sent.
   */
  private readonly required = new Map<string, Map<string, Set<string>>>()
  /** Whether the last request checked broke its schema (VTEX would refuse it). */
  lastRequestRefused = false

  private constructor(deviations: Deviation[]) {
    this.deviations = deviations
  }

  static async create(): Promise<VtexWireValidator> {
    const dir = join(__dirname, '..', 'openapi')
    const listed = JSON.parse(readFileSync(join(__dirname, 'deviations.json'), 'utf8')) as { deviations: Deviation[] }
    const validator = new VtexWireValidator(listed.deviations)
    for (const operation of new Set(loadRecordings().flatMap((r) => (r.kind === 'recorded answer' ? [r.operation ?? r.answersAs ?? ''] : [])).filter(Boolean))) {
      const answers = recordedAnswersOf(operation)
      if (answers.length) validator.required.set(operation, observedRequired(shapeOf(answers.map((r) => r.response.body))))
    }
    for (const name of SPECS) {
      const definition = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Document
      // The validator keys its compiled schemas by operationId; some published operations have none.
      for (const [path, item] of Object.entries(definition.paths ?? {})) {
        for (const [method, operation] of Object.entries(item ?? {})) {
          if (operation && typeof operation === 'object' && 'responses' in operation) {
            ;(operation as { operationId?: string }).operationId ||= `${method.toUpperCase()} ${path}`
            jsonWithParameters(operation as Operation)
          }
        }
      }
      // Every error, not the first: a forgiven one (an `sc` query parameter, a message typed as an object) must not hide the next.
      const api = new OpenAPIBackend({ definition, strict: false, quick: false, validate: true, coerceTypes: true, ignoreTrailingSlashes: true, apiRoot: '/', ajvOpts: { allErrors: true } })
      await api.init()
      validator.apis.push({ name, api })
    }
    return validator
  }

  /** The operation a request is for; the request's errors are counted. Null (a violation) when no vendored operation matches. */
  checkRequest(request: WireRequest): MatchedOperation | null {
    this.counts.requests++
    const searchPath = request.path.startsWith(SEARCH_PREFIX) ? facetsAsOneSegment(request.path.slice(SEARCH_PREFIX.length)) : null
    for (const { name, api } of this.apis) {
      const path = name === 'intelligent-search-api' ? searchPath : searchPath === null ? request.path : null
      if (path === null) continue
      const req = { method: request.method, path, query: request.query, headers: request.headers as Record<string, string | string[]>, body: request.body }
      const operation = api.matchOperation(req)
      if (!operation) continue
      const matched = { api, operation, name: operation.operationId!, path }
      const result = api.validateRequest(req, operation)
      this.lastRequestRefused = this.record('request', matched.name, result.errors ?? [])
      return matched
    }
    this.lastRequestRefused = this.record('request', `${request.method} ${request.path}`, [{ instancePath: '', keyword: 'operation', message: 'matches no vendored VTEX operation' }])
    return null
  }

  /** Checks an answer's body against the operation's schema for its status. */
  checkAnswer(matched: MatchedOperation, status: number, body: unknown): void {
    this.counts.answers++
    // An answer the operation publishes without content (a 204) is valid when it carries none; the validator would ask for a null body.
    const published = (matched.operation.responses as Record<string, { content?: unknown } | undefined> | undefined)?.[String(status)]
    if (published && !published.content && body === undefined) return
    const result = matched.api.validateResponse(body, matched.operation, status)
    const required = status >= 200 && status < 300 ? this.required.get(matched.name) : undefined
    const missing = required ? missingRequired(required, body).map((path) => ({ instancePath: path, keyword: 'observedRequired', message: 'every recorded VTEX answer of this operation has this field' })) : []
    this.record('response', matched.name, [...(result.errors ?? []), ...missing])
  }

  /** Counts the errors no deviation forgives (and the forgiven ones); true when some are left. */
  private record(where: 'request' | 'response', operation: string, errors: { instancePath?: string; keyword?: string; message?: string; params?: unknown }[]): boolean {
    const left = errors.filter(
      (e) =>
        !this.deviations.some(
          (d) =>
            d.where === where &&
            d.operation === operation &&
            d.keyword === e.keyword &&
            new RegExp(d.instancePathPattern).test(e.instancePath ?? '') &&
            (d.additionalProperty === undefined || (e.params as { additionalProperty?: string } | undefined)?.additionalProperty === d.additionalProperty),
        ),
    )
    if (left.length === 0) return false
    this.counts.violations++
    this.violations.push({ where, operation, errors: left.map((e) => `${e.instancePath ?? ''} ${e.keyword ?? ''} ${e.message ?? ''} ${JSON.stringify(e.params ?? {})}`) })
    return true
  }
}

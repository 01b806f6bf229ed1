/**
 * Which vendored VTEX operation (../openapi/) a request is for, by its method and path, routed as the wire
 * validator's OpenAPI router routes it, without validating or counting anything: the fixtures
 * (recordings.ts), the replay server and the validator share it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Intelligent Search lives under this prefix of the account's host (its spec's first server). */
export const SEARCH_PREFIX = '/api/io/_v/api/intelligent-search'

/** The vendored OpenAPI documents, by file name in ../openapi/. */
export const SPECS = ['catalog-api', 'intelligent-search-api', 'checkout-api', 'logistics-api', 'master-data-api---v2', 'session-manager-api', 'profile-system', 'orders-api', 'pricing-api']

/**
 * The `{facets}` parameter of product_search and facets is itself a path
 * (`trade-policy/1/category-1/cani`), which an OpenAPI path template matches
 * only as one segment: the router sees it encoded, the parameter decoded.
 */
export function facetsAsOneSegment(path: string): string {
  const match = /^\/(product_search|facets)\/(.*)$/.exec(path)
  return match ? `/${match[1]}/${encodeURIComponent(decodeURIComponent(match[2]!))}` : path
}

interface OperationTemplate {
  name: string
  method: string
  template: string
  pattern: RegExp
  search: boolean
}

let templates: OperationTemplate[] | null = null

/** Every vendored operation, named as the validator names it (its operationId, or `METHOD path` without one). */
function operationTemplates(): OperationTemplate[] {
  if (templates) return templates
  const dir = join(__dirname, '..', 'openapi')
  templates = SPECS.flatMap((name) => {
    const definition = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; responses?: unknown }>> }
    return Object.entries(definition.paths).flatMap(([template, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation && typeof operation === 'object' && 'responses' in operation)
        .map(([method, operation]) => ({
          name: operation.operationId || `${method.toUpperCase()} ${template}`,
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}/?$`),
          search: name === 'intelligent-search-api',
        })),
    )
  })
  return templates
}

/**
 * The name of the vendored operation a request's method and path are for (its operationId, or
 * `METHOD path` without one, as the validator names it), or null: Intelligent Search under its prefix,
 * its `{facets}` as one segment, a trailing slash ignored.
 */
export function vendoredOperation(method: string, path: string): string | null {
  const searchPath = path.startsWith(SEARCH_PREFIX) ? facetsAsOneSegment(path.slice(SEARCH_PREFIX.length)) : null
  const candidates = operationTemplates().filter((t) => t.method === method.toUpperCase() && (t.search ? searchPath !== null && t.pattern.test(searchPath) : searchPath === null && t.pattern.test(path)))
  // A template with fewer parameters is the more specific one, as an OpenAPI router prefers it.
  candidates.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))
  return candidates[0]?.name ?? null
}

/** The path template (as its OpenAPI document spells it) of the vendored operation named `name`. */
export function operationTemplate(name: string): string | undefined {
  return operationTemplates().find((t) => t.name === name)?.template
}

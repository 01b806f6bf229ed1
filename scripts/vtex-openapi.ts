/**
 * Copies into src/commerce/vtex/openapi/ the operations of VTEX's published
 * OpenAPI 3 schemas (vtex/openapi-schemas) that the VTEX backend calls: each
 * path's operation unchanged, with every component it references, so the
 * simulator validates the wire from a plain clone.
 *
 *   npx tsx scripts/vtex-openapi.ts [folder of the published schemas]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { VENDORED_OPERATIONS } from '../src/commerce/vtex/openapi/operations'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function refsIn(node: Json, found: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, found))
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value)
      else refsIn(value, found)
    }
  }
}

const pointer = (document: Json, ref: string): Json => {
  let node: Json = document
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, Json>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] ?? null
  return node
}

const source = process.argv[2] ?? '/work/shared/vtex-openapi'
const target = join(__dirname, '../src/commerce/vtex/openapi')
mkdirSync(target, { recursive: true })
for (const [file, operations] of Object.entries(VENDORED_OPERATIONS)) {
  const document = JSON.parse(readFileSync(join(source, file), 'utf8')) as Record<string, Json>
  const paths: Record<string, Record<string, Json>> = {}
  for (const { method, path } of operations) {
    const item = (document.paths as Record<string, Record<string, Json>>)[path]
    const operation = item?.[method.toLowerCase()]
    if (!item || !operation) throw new Error(`${file} has no ${method} ${path}`)
    const kept = (paths[path] ??= {})
    kept[method.toLowerCase()] = operation
    if (item.parameters) kept.parameters = item.parameters
  }
  // Components the kept operations reference, transitively.
  const refs = new Set<string>()
  refsIn(paths as Json, refs)
  const components: Record<string, Record<string, Json>> = {}
  const seen = new Set<string>()
  const queue = [...refs]
  while (queue.length) {
    const ref = queue.pop()!
    if (seen.has(ref)) continue
    seen.add(ref)
    const [, kind, name] = ref.replace(/^#\//, '').split('/') as [string, string, string]
    const value = pointer(document, ref)
    ;(components[kind] ??= {})[name] = value
    const inner = new Set<string>()
    refsIn(value, inner)
    queue.push(...inner)
  }
  const vendored = { openapi: document.openapi, info: document.info, servers: document.servers, paths, components }
  writeFileSync(join(target, file.replace(/^VTEX - /, '').replace(/ /g, '-').toLowerCase()), JSON.stringify(vendored, null, 2) + '\n')
}

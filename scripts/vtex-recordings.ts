/**
 * Writes the fixtures of src/commerce/vtex/testing/recordings/ from their
 * sources, so anyone can redo them.
 *
 * faststore/: the real VTEX answers FastStore recorded for its own tests into
 * src/commerce/vtex/testing/recordings/faststore/, one file per recording:
 * every object literal `{ info: <url>, init?: <fetch init>, result: <json> }`
 * in FastStore's mock and unit-test folders, in every version of those files
 * in the mirror's history (older versions recorded other VTEX routes, e.g.
 * the Intelligent Search routes this backend calls). Each answer is kept
 * unchanged; one seen in several versions is kept once, from the newest
 * commit that holds it.
 *
 *   npx tsx scripts/vtex-recordings.ts [FastStore's bare git repository]
 *
 * The object literals are read with TypeScript's parser and evaluated alone,
 * with nothing in scope, so a recording that is computed from other code
 * (a function of a sku, a spread of another mock) is skipped and listed:
 * only what the file states literally is a recorded answer.
 *
 * openapi/: the examples VTEX publishes in its OpenAPI documents for the
 * operations the backend calls (../src/commerce/vtex/openapi/, copied
 * unchanged from vtex/openapi-schemas), one file per operation and status,
 * named by the JSON pointer they were read at. They are what VTEX says it
 * answers, not answers anyone saw.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { runInNewContext } from 'node:vm'
import ts from 'typescript'
import { VENDORED_OPERATIONS } from '../src/commerce/vtex/openapi/operations'

const REPOSITORY = 'vtex/faststore'
const FOLDERS = ['packages/api/mocks', 'packages/api/test/mocks', 'packages/api/test/unit']
/** Words that would mark a credential in a recorded answer or request; none is expected, any found stops the run. */
const SECRET = /vtex-api-apptoken|vtex-api-appkey|VtexIdclientAutCookie_[^"\s]*=|"?apptoken"?\s*[:=]/i

/**
 * Mocks whose `result` is not what VTEX answered, each with the evidence: they are left out.
 * By file name (any version) and export.
 */
const NOT_ANSWERS: Record<string, string> = {
  'ShippingQuery.ts addressFetch':
    "wraps the address in `{ address }`: FastStore's resolver hands the postal-code answer on as the address itself and its own snapshot shows every address field null, so the wrapper is the mock's; VTEX answers the address object, as its published example does",
}

const mirror = process.argv[2] ?? '/work/.mirror/vtex+faststore/repo'
const recordings = join(__dirname, '../src/commerce/vtex/testing/recordings')
const target = join(recordings, 'faststore')
const git = (...args: string[]) => execFileSync('git', ['-C', mirror, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 })

interface Version {
  path: string
  blob: string
  commit: string
  /** Commit time, newest first wins a tie between versions holding the same answer. */
  time: number
}

/** Every version of every file under FOLDERS: the commit that wrote it, newest first. */
function versions(): Version[] {
  const out = new Map<string, Version>()
  let commit = ''
  let time = 0
  for (const line of git('log', '--all', '--format=C %H %ct', '--raw', '--no-abbrev', '--no-renames', '--', ...FOLDERS).split('\n')) {
    const header = /^C ([0-9a-f]{40}) (\d+)$/.exec(line)
    if (header) {
      commit = header[1]!
      time = Number(header[2])
      continue
    }
    const raw = /^:\d+ \d+ [0-9a-f]{40} ([0-9a-f]{40}) ([AMT])\t(.+)$/.exec(line)
    if (!raw || !/\.(ts|js)$/.test(raw[3]!)) continue
    const key = `${raw[3]} ${raw[1]}`
    // A version first written by an older commit and found again in a newer one (a revert, a merge) keeps the newer.
    if (!out.has(key) || out.get(key)!.time < time) out.set(key, { path: raw[3]!, blob: raw[1]!, commit, time })
  }
  // The versions in the mirror's checked-out commit are credited to it, before any other branch's.
  const head = git('rev-parse', 'HEAD').trim()
  for (const line of git('ls-tree', '-r', 'HEAD', '--', ...FOLDERS).split('\n')) {
    const entry = /^\d+ blob ([0-9a-f]{40})\t(.+)$/.exec(line)
    if (entry) out.set(`${entry[2]} ${entry[1]}`, { path: entry[2]!, blob: entry[1]!, commit: head, time: Number.MAX_SAFE_INTEGER })
  }
  return [...out.values()].sort((a, b) => b.time - a.time || a.path.localeCompare(b.path))
}

interface Found {
  exportName: string
  info: unknown
  init: unknown
  result: unknown
}

const property = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name)

/** The name a recording is known by: the declaration it is the value of, or the nearest one around it with its line. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) return at.initializer === node ? at.name.text : `${at.name.text}@${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  }
  return `line${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
}

function recordingsIn(text: string, path: string, skipped: string[]): Found[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
  const found: Found[] = []
  const evaluate = (node: ts.Expression | undefined) => {
    if (!node) return undefined
    // Type assertions are the only TypeScript a literal may hold; the printer drops them with the rest of the types.
    const js = ts.transpileModule(`(${node.getText(source)})`, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText
    return runInNewContext(js, Object.create(null) as object, { timeout: 1000 }) as unknown
  }
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const info = property(node, 'info')
      const result = property(node, 'result')
      if (info && result) {
        const exportName = nameOf(node, source)
        try {
          found.push({ exportName, info: evaluate(info.initializer), init: evaluate(property(node, 'init')?.initializer), result: evaluate(result.initializer) })
        } catch (error) {
          skipped.push(`${path} ${exportName}: not a literal (${(error as Error).message.split('\n')[0]})`)
        }
        return
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

interface Recording {
  kind: 'recorded answer'
  source: { repository: string; commit: string; path: string; export: string }
  request: { method: string; url: string; body: unknown }
  response: { status: number; body: unknown }
}

function recording(version: Version, found: Found): Recording | string {
  const known = NOT_ANSWERS[`${basename(version.path)} ${found.exportName}`]
  if (known) return `${version.path} ${found.exportName}: not VTEX's answer: ${known}`
  if (typeof found.info !== 'string' || !/^https?:\/\//.test(found.info)) return `${version.path} ${found.exportName}: info is not a URL`
  // GraphQL's type names mark an answer written from a GraphQL query's result, which no VTEX REST route sends.
  if (JSON.stringify(found.result ?? null).includes('"__typename"')) return `${version.path} ${found.exportName}: a GraphQL result (__typename), not a REST answer`
  const init = (found.init ?? {}) as { method?: string; body?: unknown }
  let body: unknown = init.body ?? null
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body)
    } catch {
      // A body that is no JSON is kept as the text it was sent as.
    }
  }
  return {
    kind: 'recorded answer',
    source: { repository: REPOSITORY, commit: version.commit, path: version.path, export: found.exportName },
    request: { method: (init.method ?? 'GET').toUpperCase(), url: found.info, body },
    response: { status: 200, body: found.result },
  }
}

const skipped: string[] = []
const kept = new Map<string, Recording>()
for (const version of versions()) {
  for (const found of recordingsIn(git('cat-file', 'blob', version.blob), version.path, skipped)) {
    const made = recording(version, found)
    if (typeof made === 'string') {
      skipped.push(made)
      continue
    }
    // The same answer under a request whose query string a later version edited is one recording, not two.
    const { method, url, body } = made.request
    const key = createHash('sha256').update(JSON.stringify([method, new URL(url).pathname, body, made.response])).digest('hex')
    if (!kept.has(key)) kept.set(key, made)
  }
}

mkdirSync(target, { recursive: true })
const written = new Set<string>()
for (const made of kept.values()) {
  const text = JSON.stringify(made, null, 2) + '\n'
  if (SECRET.test(text)) throw new Error(`${made.source.path} ${made.source.export} holds what looks like a credential; redact it before keeping it`)
  const stem = `${basename(made.source.path).replace(/\.(test\.)?(ts|js)$/, '')}.${made.source.export.replace(/[^A-Za-z0-9_@-]/g, '_')}`
  // The newest version of an export keeps the plain name; an older, different answer under the same name is named by its commit.
  let name = `${stem}.json`
  for (let n = 1; written.has(name); n++) name = `${stem}.${made.source.commit.slice(0, 10)}${n > 1 ? `-${n}` : ''}.json`
  written.add(name)
  writeFileSync(join(target, name), text)
}
const stale = existsSync(target) ? readdirSync(target).filter((f) => f.endsWith('.json') && !written.has(f)) : []
console.log(`${written.size} recordings written to ${target}`)
if (skipped.length) console.log(`skipped:\n  ${[...new Set(skipped)].join('\n  ')}`)
if (stale.length) console.log(`files in that folder this run did not write (check them by hand):\n  ${stale.join('\n  ')}`)

// ---------- VTEX's documented examples ----------

/** The published schemas' commit the vendored copies come from (/work/shared/vtex-openapi/README.md). */
const OPENAPI_COMMIT = '0d207e53'
const vendored = join(__dirname, '../src/commerce/vtex/openapi')
const documented = join(recordings, 'openapi')
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1')

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
interface Media {
  example?: Json
  examples?: Record<string, { value?: Json }>
}
interface PublishedOperation {
  operationId?: string
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, { content?: Record<string, Media> }>
}

/** A media type's example (or its first named one) and the pointer below the media type it is at. */
function exampleOf(media: Media | undefined): { value: Json; at: string } | null {
  if (!media) return null
  if (media.example !== undefined) return { value: media.example, at: '/example' }
  const [name, first] = Object.entries(media.examples ?? {})[0] ?? []
  return name && first?.value !== undefined ? { value: first.value, at: `/examples/${escape(name)}/value` } : null
}

mkdirSync(documented, { recursive: true })
const writtenExamples = new Set<string>()
for (const [file, operations] of Object.entries(VENDORED_OPERATIONS)) {
  const stem = file.replace(/^VTEX - /, '').replace(/ /g, '-').toLowerCase().replace(/\.json$/, '')
  const document = JSON.parse(readFileSync(join(vendored, `${stem}.json`), 'utf8')) as { servers?: { url: string; variables?: Record<string, { default: string }> }[]; paths: Record<string, Record<string, PublishedOperation>> }
  const server = document.servers?.[0]
  const origin = server ? server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name) : ''
  for (const { method, path } of operations) {
    const operation = document.paths[path]![method.toLowerCase()]!
    // The validator names an operation the published schema gives no id the same way.
    const name = operation.operationId || `${method} ${path}`
    const requestMedia = Object.entries(operation.requestBody?.content ?? {}).find(([type]) => type.startsWith('application/json'))
    const requestExample = exampleOf(requestMedia?.[1])
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const [type, media] = Object.entries(response.content ?? {}).find(([t]) => t.startsWith('application/json')) ?? []
      const example = exampleOf(media)
      if (!type || !example) continue
      const pointer = `/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}/content/${escape(type)}${example.at}`
      const made = {
        kind: 'documented example',
        operation: name,
        source: { repository: 'vtex/openapi-schemas', commit: OPENAPI_COMMIT, path: file, pointer, vendored: `src/commerce/vtex/openapi/${stem}.json` },
        // No request is documented with the example: the path is the operation's template, the body its documented request example.
        request: {
          method,
          url: `${origin}${path}`,
          body: requestExample?.value ?? null,
          ...(requestExample ? { bodyPointer: `/paths/${escape(path)}/${method.toLowerCase()}/requestBody/content/${escape(requestMedia![0])}${requestExample.at}` } : {}),
        },
        response: { status: Number(status), body: example.value },
      }
      const fileName = `${stem}.${name.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_|_$/g, '')}.${status}.json`
      writtenExamples.add(fileName)
      writeFileSync(join(documented, fileName), JSON.stringify(made, null, 2) + '\n')
    }
  }
}
console.log(`${writtenExamples.size} documented examples written to ${documented}`)

/**
 * A VTEX account on loopback that answers from the fixtures (recordings.ts), for tests only: a request that
 * matches a recording's operation, path and what of its query and body picks the answer gets that answer,
 * unchanged; anything else goes on to an optional upstream (the simulator) or is a 404. Every request is
 * counted by who answered it, so a test can prove it ran on recorded answers alone.
 *
 * The recordings were made against one account's host (storeframework.vtexcommercestable.com.br), which
 * serves every API the backend calls, as VTEX_API_URL does in the tests: a recording is matched by its path
 * alone, its origin dropped. What picks an answer besides the path:
 * - product_search and facets: the facet path as a set of key/value pairs (Intelligent Search reads them in
 *   any order; the backend puts the trade policy first, FastStore last), and the query's term, page, count
 *   and sort, an empty value being the same as none;
 * - PATCH items: the lines asked for, as sku, seller and quantity, in any order;
 * - the category tree: a recorded tree shallower than the levels it was asked for is the whole tree, so it
 *   answers a request for any number of levels at least its depth;
 * - anything else: the values of the operation's path parameters (an order form's id, a postal code), with
 *   every query parameter ignored (`sc`, `locale`, `refreshOutdatedData`).
 *
 *   const replay = await startReplay({ upstream: simulator.url })
 *   replay.url, replay.counts, replay.served, await replay.close()
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadRecordings, type Recording } from './recordings'
import { operationTemplate, SEARCH_PREFIX, vendoredOperation } from './routing'

export interface ReplayOptions {
  /** The fixtures to answer from, first match first; by default every recorded answer (no documented example). */
  recordings?: Recording[]
  /** Where a request no recording answers goes (the simulator's URL); without one it is a 404. */
  upstream?: string
}

export interface Served {
  method: string
  /** The path and query as received. */
  url: string
  by: 'recording' | 'upstream' | 'none'
  /** The recording that answered (its file under recordings/). */
  file?: string
  status: number
}

export interface Replay {
  url: string
  counts: { recording: number; upstream: number; none: number }
  served: Served[]
  close(): Promise<void>
}

interface Wire {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

/** The key/value pairs of a facet path, in a canonical order. */
function facetPairs(facets: string): string {
  const parts = facets.split('/').filter(Boolean).map((p) => decodeURIComponent(p).toLowerCase())
  const pairs: string[] = []
  for (let i = 0; i < parts.length; i += 2) pairs.push(`${parts[i]}/${parts[i + 1] ?? ''}`)
  return pairs.sort().join('/')
}

const param = (query: URLSearchParams, name: string, fallback = '') => query.get(name) || fallback

/** The lines of a PATCH items body as sku, seller and quantity, in a canonical order. */
function lines(body: unknown): string {
  const items = (body as { orderItems?: { id?: unknown; seller?: unknown; quantity?: unknown }[] } | null)?.orderItems ?? []
  return items
    .map((i) => `${String(i.id)}/${String(i.seller)}/${String(i.quantity)}`)
    .sort()
    .join(',')
}

/** What of a request picks its answer, for the operation it is for (see the file's comment). */
function keyOf(operation: string, wire: Wire): string {
  const search = /^\/(product_search|facets)\/(.*)$/.exec(wire.path.startsWith(SEARCH_PREFIX) ? wire.path.slice(SEARCH_PREFIX.length) : '')
  if (search && operation === 'GET /product_search/{facets}')
    return JSON.stringify([facetPairs(search[2]!), param(wire.query, 'query'), param(wire.query, 'page', '1'), param(wire.query, 'count'), param(wire.query, 'sort')])
  if (search && operation === 'GET /facets/{facets}') return JSON.stringify([facetPairs(search[2]!), param(wire.query, 'query')])
  if (operation === 'ItemsHandle') return JSON.stringify([pathParameters(operation, wire.path), lines(wire.body)])
  return pathParameters(operation, wire.path)
}

/**
 * The values of the operation's path parameters in `path` (the order form's id, the postal code); a route
 * that answers as the operation under another path (recordings.ts' SAME_ANSWER) and has none matches alike.
 */
function pathParameters(operation: string, path: string): string {
  const template = operationTemplate(operation)
  if (!template || !template.includes('{')) return ''
  const pattern = new RegExp(`^(?:${SEARCH_PREFIX})?${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '([^/]+)')}/?$`)
  const values = pattern.exec(path)
  return values ? JSON.stringify(values.slice(1)) : path.replace(/\/+$/, '')
}

/** How many levels deep a category tree goes. */
const depthOf = (nodes: unknown): number => (Array.isArray(nodes) && nodes.length ? 1 + Math.max(...nodes.map((n: { children?: unknown }) => depthOf(n?.children))) : 0)

/** Whether `recording` answers `wire` (its key equal, or a whole category tree asked for as deep or deeper). */
function answers(recording: Recording, operation: string, wire: Wire): boolean {
  if (operation === 'CategoryTree') {
    const levels = (path: string) => Number(/\/(\d+)\/?$/.exec(path)?.[1] ?? NaN)
    const depth = depthOf(recording.response.body)
    return depth < levels(wireOf(recording).path) && depth <= levels(wire.path)
  }
  return keyOf(operation, wireOf(recording)) === keyOf(operation, wire)
}

function wireOf(recording: Recording): Wire {
  const url = new URL(recording.request.url)
  return { method: recording.request.method, path: decodeURI(url.pathname), query: url.searchParams, body: recording.request.body }
}

export async function startReplay(options: ReplayOptions = {}): Promise<Replay> {
  const recordings = (options.recordings ?? loadRecordings().filter((r) => r.kind === 'recorded answer')).filter((r) => r.operation ?? r.answersAs)
  const counts: Replay['counts'] = { recording: 0, upstream: 0, none: 0 }
  const served: Served[] = []

  async function serve(incoming: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? '/', 'http://replay')
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    let body: unknown = null
    try {
      body = raw.length ? (JSON.parse(raw.toString('utf8')) as unknown) : null
    } catch {
      body = raw.toString('utf8')
    }
    const method = (incoming.method ?? 'GET').toUpperCase()
    let path = url.pathname
    try {
      path = decodeURI(url.pathname)
    } catch {
      // A path that is no URI text is matched as it came.
    }
    const operation = vendoredOperation(method, path)
    const wire = { method, path, query: url.searchParams, body }
    // The first recording that answers it, in the order given.
    const recording = operation ? recordings.find((r) => (r.operation ?? r.answersAs) === operation && answers(r, operation, wire)) : undefined
    if (recording) {
      counts.recording++
      const text = JSON.stringify(recording.response.body)
      served.push({ method, url: incoming.url ?? '', by: 'recording', file: recording.file, status: recording.response.status })
      res.writeHead(recording.response.status, { 'content-type': 'application/json; charset=utf-8' })
      res.end(text)
      return
    }
    if (options.upstream) {
      counts.upstream++
      const headers = Object.fromEntries(Object.entries(incoming.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !['host', 'content-length', 'connection'].includes(e[0])))
      const answer = await fetch(`${options.upstream}${incoming.url ?? '/'}`, { method, headers, body: raw.length ? raw : undefined })
      const text = await answer.text()
      served.push({ method, url: incoming.url ?? '', by: 'upstream', status: answer.status })
      const out: Record<string, string | string[]> = {}
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'set-cookie'].includes(name)) out[name] = value
      })
      const cookies = answer.headers.getSetCookie()
      if (cookies.length) out['set-cookie'] = cookies
      res.writeHead(answer.status, out)
      res.end(text)
      return
    }
    counts.none++
    served.push({ method, url: incoming.url ?? '', by: 'none', status: 404 })
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify({ message: `no recording answers ${method} ${path}` }))
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: String(error) }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

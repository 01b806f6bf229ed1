/**
 * How the backends reach their services over HTTP (the embedded platform,
 * VTEX's APIs). Every Function call makes one of these requests, so its cost
 * is the Functions' floor: Node's `fetch`
 * (undici behind WHATWG streams) spends several times the CPU of
 * `node:http` on kept-alive connections for a small JSON answer on loopback
 * (docs/performance.md has the figures), so the default transport is `node:http`. Tests may still hand in a `fetch`.
 */
import http from 'node:http'
import https from 'node:https'

export interface TransportRequest {
  method: string
  headers: Record<string, string>
  body?: string
  /** The whole exchange, connection to last byte, must fit in this. */
  timeoutMs: number
}

export interface TransportResponse {
  status: number
  ok: boolean
  /** The answer's Set-Cookie headers, each as sent. */
  setCookies: string[]
  /** The answer's Retry-After header, when it has one. */
  retryAfter?: string
  /** The body as JSON; rejects when it is not JSON. */
  json(): Promise<unknown>
}

export type Transport = (url: string, request: TransportRequest) => Promise<TransportResponse>

/** The platform did not answer within the request's time-out (a connection refused or reset is another error). */
export class TransportTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`)
    this.name = 'TransportTimeout'
  }
}

/**
 * Idle connections are closed after this long, well before the platform's
 * own keep-alive time-out (fastify: 72 s), so a request never goes out on a
 * socket the platform is closing.
 */
const IDLE_SOCKET_MS = 4_000

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_SOCKET_MS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_SOCKET_MS }),
}

export const nodeTransport: Transport = (url, { method, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url)
    const secure = target.protocol === 'https:'
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
    const request = (secure ? https : http).request(target, { method, headers: sent, agent: agents[secure ? 'https:' : 'http:'] }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', fail)
      response.on('end', () => {
        clearTimeout(deadline)
        const status = response.statusCode ?? 0
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ status, ok: status >= 200 && status < 300, setCookies: response.headers['set-cookie'] ?? [], retryAfter: response.headers['retry-after'], json: async () => JSON.parse(text) as unknown })
      })
    })
    const deadline = setTimeout(() => request.destroy(new TransportTimeout(timeoutMs)), timeoutMs)
    function fail(error: Error): void {
      clearTimeout(deadline)
      reject(error)
    }
    request.on('error', fail)
    request.end(body)
  })

/** A transport over a `fetch` (tests, or a runtime with a better one). */
export function fetchTransport(doFetch: typeof fetch): Transport {
  return async (url, { method, headers, body, timeoutMs }) => {
    const response = await doFetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) }).catch((error: unknown) => {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError (of another realm under a test runner).
      throw (error as { name?: unknown } | null)?.name === 'TimeoutError' ? new TransportTimeout(timeoutMs) : error
    })
    return { status: response.status, ok: response.ok, setCookies: response.headers.getSetCookie(), retryAfter: response.headers.get('retry-after') ?? undefined, json: () => response.json() as Promise<unknown> }
  }
}

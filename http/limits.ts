/**
 * How long a client may take to send a request, how long a connection may
 * sit idle, and how many connections one client address may hold open: the
 * bounds that keep a few slow clients from tying up a server. Node and
 * fastify set none by default (no request or body time-out, no idle
 * time-out), so a body trickled in a few bytes at a time, or headers that
 * never end, held a connection for as long as the client liked.
 *
 * Shared by the platform's server and the storefront's (serve/), each reading
 * its own variables: `<PREFIX>_HEADERS_TIMEOUT_MS`, `_REQUEST_TIMEOUT_MS`,
 * `_IDLE_TIMEOUT_MS`, `_KEEP_ALIVE_TIMEOUT_MS` and
 * `_MAX_CONNECTIONS_PER_CLIENT` (see docs/serving.md and platform/README.md).
 */
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

export interface HttpLimits {
  /** The request line and headers must have arrived within this long (node's headersTimeout). */
  headersTimeoutMs: number
  /** The whole request, headers and body, within this long (node's requestTimeout): a body trickled in is cut. */
  requestTimeoutMs: number
  /** A connection that sends and takes nothing for this long is closed (fastify's connectionTimeout), a client that stops reading an answer too. */
  idleTimeoutMs: number
  /** A kept-alive connection waiting for its next request is closed after this long. */
  keepAliveTimeoutMs: number
  /** Connections one client address may hold open at once, 0 for no cap. Behind a balancer or CDN every connection comes from its addresses. */
  maxConnectionsPerClient: number
}

/**
 * Headers are a few hundred bytes and bodies at most 100 KB, so ten and
 * thirty seconds leave a slow phone plenty; a silent connection is given a
 * minute, longer than the storefront's Functions may take to answer (30 s);
 * kept-alive connections wait 72 s, fastify's default, longer than common
 * balancers keep theirs (60 s), so a balancer never sends on a connection
 * being closed. A browser opens six or so connections to a host, so 128 per
 * address leaves room for many shoppers behind one NAT.
 */
export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
  maxConnectionsPerClient: 128,
})

const VARIABLES: Record<keyof HttpLimits, string> = {
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  idleTimeoutMs: 'IDLE_TIMEOUT_MS',
  keepAliveTimeoutMs: 'KEEP_ALIVE_TIMEOUT_MS',
  maxConnectionsPerClient: 'MAX_CONNECTIONS_PER_CLIENT',
}

/**
 * The limits from `<prefix>_…` variables, each a whole number (milliseconds
 * from 100 to 3,600,000; connections from 0, which turns the cap off);
 * anything else stops the server with a message naming the variable. The
 * headers must be allowed no longer than the whole request.
 */
export function readHttpLimits(env: NodeJS.ProcessEnv, prefix: string, defaults: Readonly<HttpLimits> = DEFAULT_HTTP_LIMITS): HttpLimits {
  const limits = { ...defaults }
  for (const key of Object.keys(VARIABLES) as (keyof HttpLimits)[]) {
    const name = `${prefix}_${VARIABLES[key]}`
    const raw = env[name]
    if (raw === undefined || raw.trim() === '') continue
    const value = Number(raw)
    const [min, max] = key === 'maxConnectionsPerClient' ? [0, 1_000_000] : [100, 3_600_000]
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
    limits[key] = value
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(`${prefix}_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be longer than ${prefix}_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`)
  }
  return limits
}

/**
 * fastify's options for the limits. Node checks for expired requests on a
 * timer (30 s by default), which would let a request run that much past its
 * limit; it is checked a few times within the shortest limit instead.
 */
export function serverTimeouts(limits: HttpLimits): {
  connectionTimeout: number
  keepAliveTimeout: number
  requestTimeout: number
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number }
} {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  }
}

/** The open connections of each client address; `admit` refuses one past the cap. */
export class ConnectionCounter {
  private readonly open = new Map<string, number>()

  constructor(private readonly max: number) {}

  /** Counts a new connection from `address` and says whether it may stay (always, when there is no cap). */
  admit(address: string): boolean {
    const key = clientKey(address)
    const now = this.open.get(key) ?? 0
    if (this.max > 0 && now >= this.max) return false
    this.open.set(key, now + 1)
    return true
  }

  /** A connection `admit` let in has closed. */
  release(address: string): void {
    const key = clientKey(address)
    const now = this.open.get(key) ?? 0
    if (now <= 1) this.open.delete(key)
    else this.open.set(key, now - 1)
  }

  count(address: string): number {
    return this.open.get(clientKey(address)) ?? 0
  }

  /** Addresses holding at least one connection. */
  get clients(): number {
    return this.open.size
  }
}

/** An IPv4 client reached over an IPv6 socket is the same client. */
function clientKey(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

/**
 * Caps the connections each client address holds open on `server`: one past
 * the cap is closed at once, before a byte of it is read, and the client's
 * other connections, and every other client's, go on. No cap when `max` is 0.
 */
export function capConnectionsPerClient(server: Server, max: number): ConnectionCounter {
  const counter = new ConnectionCounter(max)
  if (max <= 0) return counter
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined) return
    if (!counter.admit(address)) {
      socket.destroy()
      return
    }
    socket.once('close', () => counter.release(address))
  })
  return counter
}

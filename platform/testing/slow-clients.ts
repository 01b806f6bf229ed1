/**
 * Clients that take their time, over raw sockets: a body trickled a few bytes
 * at a time, headers that never end, and plain connections held open. For the
 * tests of the servers' time-outs and connection cap (http/limits.ts).
 */
import net from 'node:net'

export interface Trickled {
  /** How long after connecting the server closed the connection; null when it was still open when the client gave up. */
  closedAfterMs: number | null
  /** The first line the server answered, if any (`HTTP/1.1 408 Request Timeout`). */
  statusLine: string | null
  /** Bytes the client had sent when the connection ended. */
  sent: number
}

export interface TrickleOptions {
  /** What goes out at once on connecting. */
  head: string
  /** What goes out again every `everyMs`. */
  drip: string
  everyMs: number
  /** The client stops waiting (and closes) after this long. */
  giveUpMs: number
  localAddress?: string
}

/** Sends `head`, then `drip` every `everyMs`, until the server closes the connection or `giveUpMs` passes. */
export function trickle(url: string, options: TrickleOptions): Promise<Trickled> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress })
    let received = ''
    let sent = 0
    let closedAfterMs: number | null = null
    const send = (text: string) => {
      if (socket.destroyed || !socket.writable) return
      socket.write(text)
      sent += Buffer.byteLength(text)
    }
    // The drip starts once the head is out: a socket buffers what is written before it connects, so a drip
    // begun earlier could go out ahead of the request line on a slow machine, and the server would answer 400.
    let drip: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => socket.destroy(), options.giveUpMs)
    socket.on('connect', () => {
      send(options.head)
      drip = setInterval(() => send(options.drip), options.everyMs)
    })
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('end', () => (closedAfterMs ??= Date.now() - started))
    socket.on('error', () => (closedAfterMs ??= Date.now() - started))
    socket.on('close', () => {
      clearInterval(drip)
      clearTimeout(giveUp)
      // A close the client made itself (giving up) leaves closedAfterMs null.
      resolve({ closedAfterMs, statusLine: received ? (received.split('\r\n')[0] ?? null) : null, sent })
    })
  })
}

/** A POST declaring a body of `declared` bytes, of which 10 go out every `everyMs`. */
export function slowBody(url: string, path: string, options: { declared: number; everyMs: number; giveUpMs: number; contentType?: string }): Promise<Trickled> {
  const { host } = new URL(url)
  return trickle(url, {
    head: `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${options.contentType ?? 'application/json'}\r\nContent-Length: ${options.declared}\r\n\r\n`,
    drip: 'aaaaaaaaaa',
    everyMs: options.everyMs,
    giveUpMs: options.giveUpMs,
  })
}

/** A GET whose headers never end: one more byte of a header every `everyMs`. */
export function slowHeaders(url: string, options: { everyMs: number; giveUpMs: number }): Promise<Trickled> {
  const { host } = new URL(url)
  return trickle(url, { head: `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `, drip: 'a', everyMs: options.everyMs, giveUpMs: options.giveUpMs })
}

/** A connection held open without a byte sent; `closed` settles when the server (or `close`) ends it. */
export interface HeldConnection {
  /** Settles true once connected, false when the server refused it (closed before `settleMs`). */
  admitted: Promise<boolean>
  closed: Promise<void>
  close(): void
}

/**
 * Opens a connection from `localAddress` (any 127.x address reaches a server
 * on 127.0.0.1 on Linux) and reports whether the server kept it for
 * `settleMs`: a server refusing it closes it at once.
 */
export function holdConnection(url: string, options: { localAddress?: string; settleMs?: number } = {}): HeldConnection {
  const { hostname, port } = new URL(url)
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress })
  socket.on('error', () => undefined)
  // Whatever the server sends before closing (a 408) is read and dropped: a socket left paused never sees the
  // server's end, and would look open for ever.
  socket.resume()
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const admitted = new Promise<boolean>((resolve) => {
    socket.once('connect', () => {
      const settled = setTimeout(() => resolve(true), options.settleMs ?? 200)
      void closed.then(() => {
        clearTimeout(settled)
        resolve(false)
      })
    })
    void closed.then(() => resolve(false))
  })
  return { admitted, closed, close: () => socket.destroy() }
}

/** One whole GET over a fresh connection from `localAddress`: its status, or null when the connection was refused. */
export function getFrom(url: string, path: string, localAddress?: string): Promise<number | null> {
  const { hostname, port, host } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress })
    let received = ''
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received)
      resolve(match ? Number(match[1]) : null)
    })
  })
}

/** How long the server keeps a connection that sends nothing open, in ms; null when it is still open after `giveUpMs`. */
export function silentConnection(url: string, giveUpMs: number): Promise<number | null> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = net.connect(Number(port), hostname)
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(null)
    }, giveUpMs)
    socket.on('error', () => undefined)
    // Read (and drop) what the server sends before closing: a paused socket never sees the server's end.
    socket.resume()
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(performance.now() - started)
    })
  })
}

/**
 * The embedded commerce platform: catalog, search, order forms, customers and
 * the external checkout/login/account screens, over PGlite or PostgreSQL.
 * `startPlatform` is what the storefront's start script and test setups use.
 */
import type { AddressInfo } from 'node:net'
import { migrate } from './db/migrate'
import { openDb } from './db/open'
import { isSeeded, seedDatabase } from './db/seed'
import { buildApp } from './http/app'

export const PLATFORM_DEFAULT_PORT = 9100

export interface StartPlatformOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default PLATFORM_PORT, else 9100; 0 picks a free port. */
  port?: number
  /** PGlite folder or `memory://`; default PLATFORM_DATA_DIR, else `.data/pglite` in the repository. */
  dataDir?: string
  /** PostgreSQL URL; default DATABASE_URL. When set, dataDir is ignored. */
  databaseUrl?: string
  /** Base of absolute image URLs and links; default PLATFORM_PUBLIC_URL, else the listening URL. */
  publicUrl?: string
  /** Products to seed when the database is empty; default SEED_PRODUCTS, else 1500. */
  seedProducts?: number
  /** Admin token; default PLATFORM_ADMIN_TOKEN (unset disables the admin endpoint). */
  adminToken?: string
  /** Fastify log level; default PLATFORM_LOG_LEVEL, else "warn". */
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
}

export interface RunningPlatform {
  /** Where the platform listens, e.g. "http://127.0.0.1:9100". */
  url: string
  /** Stops listening and closes the database. */
  close(): Promise<void>
  /**
   * Stops answering on its port while keeping the database open, as a
   * platform that went down and keeps its data; `resume` listens again on the
   * same port. For outage drills; `close` is the way to stop for good.
   */
  suspend(): Promise<void>
  resume(): Promise<void>
  /**
   * Another drill: from now on every API request but the health check runs
   * and then holds its answer back for `delayMs` (`slow`), or answers 500
   * without running (`fail`); null answers normally again.
   */
  setFault(fault: PlatformFault | null): void
}

/** How a drilled platform misbehaves (see RunningPlatform.setFault). */
export type PlatformFault = { kind: 'slow'; delayMs: number } | { kind: 'fail' }

function envPort(): number {
  const raw = process.env.PLATFORM_PORT
  if (raw === undefined || raw === '') return PLATFORM_DEFAULT_PORT
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PLATFORM_PORT must be a port number, got "${raw}"`)
  return port
}

function envSeedProducts(): number | undefined {
  const raw = process.env.SEED_PRODUCTS
  if (raw === undefined || raw === '') return undefined
  const count = Number(raw)
  if (!Number.isInteger(count) || count < 1) throw new Error(`SEED_PRODUCTS must be a positive integer, got "${raw}"`)
  return count
}

/** Migrates, seeds an empty database, and listens. */
export async function startPlatform(options: StartPlatformOptions = {}): Promise<RunningPlatform> {
  const host = options.host ?? '127.0.0.1'
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.dataDir })
  try {
    await migrate(db)
    if (!(await isSeeded(db))) await seedDatabase(db, { products: options.seedProducts ?? envSeedProducts() })
    let listeningUrl = ''
    let fault: PlatformFault | null = null
    const configuredUrl = options.publicUrl ?? process.env.PLATFORM_PUBLIC_URL
    const listen = async (port: number) => {
      const app = await buildApp({
        db,
        publicUrl: () => configuredUrl || listeningUrl,
        adminToken: options.adminToken,
        logger: { level: options.logLevel ?? process.env.PLATFORM_LOG_LEVEL ?? 'warn' },
      })
      const drilled = (url: string) => fault !== null && url.startsWith('/api/') && !url.startsWith('/api/health')
      app.addHook('onRequest', async (request, reply) => {
        if (fault?.kind === 'fail' && drilled(request.url)) return reply.status(500).send({ error: { code: 'INTERNAL', message: 'internal error' } })
      })
      // A slow platform does the work at once and holds the answer back, so a write lands even when its caller gave up waiting.
      app.addHook('onSend', async (request, _reply, payload) => {
        const delayMs = fault?.kind === 'slow' && drilled(request.url) ? fault.delayMs : 0
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
        return payload
      })
      await app.listen({ host, port })
      return app
    }
    let app: Awaited<ReturnType<typeof listen>> | null = await listen(options.port ?? envPort())
    const { port } = app.server.address() as AddressInfo
    listeningUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    const stopListening = async () => {
      const running = app
      app = null
      if (running) {
        running.server.closeAllConnections()
        await running.close()
      }
    }
    return {
      url: listeningUrl,
      async close() {
        await stopListening()
        await db.close()
      },
      suspend: stopListening,
      async resume() {
        app ??= await listen(port)
      },
      setFault(next) {
        fault = next
      },
    }
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
}

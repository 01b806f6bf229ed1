/**
 * Serves the last build: `tsx serve/main.ts` (what `npm start` supervises,
 * and `npm run serve` runs alone). Stops cleanly on SIGINT/SIGTERM: no new
 * connections, requests in flight finish, then the process exits.
 */
import { stopOnSignals } from '../platform/lib/shutdown'
import { buildServer } from './app'
import { readServerConfig } from './config'

async function main(): Promise<void> {
  const config = readServerConfig()
  const started = Date.now()
  const app = await buildServer({ siteDir: config.siteDir, security: config.security, trustProxy: config.trustProxy, limits: config.limits, logger: { level: process.env.SITE_LOG_LEVEL ?? 'warn' } })
  const url = await app.listen({ host: config.host, port: config.port })
  console.log(`storefront server listening on ${url} (ready in ${Date.now() - started} ms)`)

  stopOnSignals({
    close: () => app.close(),
    onStop: (signal) => console.log(`storefront server: ${signal}, stopping`),
    forceExitAfterMs: 10_000,
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

/**
 * Serves the last build: `tsx serve/main.ts` (what `npm start` supervises,
 * and `npm run serve` runs alone). Stops cleanly on SIGINT/SIGTERM: no new
 * connections, requests in flight finish, then the process exits.
 */
import { buildServer } from './app'
import { readServerConfig } from './config'

async function main(): Promise<void> {
  const config = readServerConfig()
  const started = Date.now()
  const app = await buildServer({ siteDir: config.siteDir, security: config.security, trustProxy: config.trustProxy, logger: { level: process.env.SITE_LOG_LEVEL ?? 'warn' } })
  const url = await app.listen({ host: config.host, port: config.port })
  console.log(`storefront server listening on ${url} (ready in ${Date.now() - started} ms)`)

  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    console.log(`storefront server: ${signal}, stopping`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

/**
 * The platform as `npm start` supervises it: its own process, so a crash of
 * the storefront never stops it (nor the reverse). With PLATFORM_CONTROL_FILE
 * set (browser journeys only) it also starts the outage control.
 */
import { startPlatform } from '../platform'
import { warmGeocoder } from '../platform/http/routes/stores'
import { stopOnSignals } from '../platform/lib/shutdown'
import { startPlatformControl } from './platformControl'

async function main(): Promise<void> {
  const started = Date.now()
  const platform = await startPlatform()
  console.log(`platform ready at ${platform.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  // Once ready: the geocoder's datasets are parsed before a shopper asks for a store.
  setImmediate(warmGeocoder)
  const controlFile = process.env.PLATFORM_CONTROL_FILE
  if (controlFile) console.log(`platform control at ${await startPlatformControl(platform, controlFile)}`)
  // A suspended platform listens on nothing; the process stays up (with its data) until it is stopped.
  const keepAlive = setInterval(() => undefined, 60_000)
  stopOnSignals({ close: () => platform.close(), onStop: () => clearInterval(keepAlive) })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

/**
 * The platform as `npm start` supervises it: its own process, so a crash of
 * the storefront never stops it (nor the reverse). `attach` lets an entry add
 * to the running platform before it serves (the journeys' outage control,
 * tests/support/platformWithControl.ts).
 */
import { startPlatform, type RunningPlatform } from '../platform'
import { warmGeocoder } from '../platform/http/routes/stores'
import { stopOnSignals } from '../http/shutdown'

export function runPlatformProcess(attach?: (platform: RunningPlatform) => Promise<void>): void {
  main(attach).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}

async function main(attach?: (platform: RunningPlatform) => Promise<void>): Promise<void> {
  const started = Date.now()
  const platform = await startPlatform()
  console.log(`platform ready at ${platform.url} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  // Once ready: the geocoder's datasets are parsed before a shopper asks for a store.
  setImmediate(warmGeocoder)
  await attach?.(platform)
  // A suspended platform listens on nothing; the process stays up (with its data) until it is stopped.
  const keepAlive = setInterval(() => undefined, 60_000)
  stopOnSignals({ close: () => platform.close(), onStop: () => clearInterval(keepAlive) })
}

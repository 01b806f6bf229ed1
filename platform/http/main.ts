/**
 * Runs the platform on its own: `tsx platform/http/main.ts`.
 * Configuration comes from the environment (see platform/README.md).
 */
import { startPlatform } from '../index'
import { stopOnSignals } from '../../http/shutdown'

async function main(): Promise<void> {
  const platform = await startPlatform()
  console.log(`Commerce platform listening on ${platform.url}`)
  stopOnSignals({ close: () => platform.close(), onStop: (signal) => console.log(`${signal} received, stopping…`) })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})

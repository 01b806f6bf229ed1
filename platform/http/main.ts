/**
 * Runs the platform on its own: `tsx platform/http/main.ts`.
 * Configuration comes from the environment (see platform/README.md).
 */
import { startPlatform } from '../index'

async function main(): Promise<void> {
  const platform = await startPlatform()
  console.log(`Commerce platform listening on ${platform.url}`)
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, stopping…`)
    platform.close().then(
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

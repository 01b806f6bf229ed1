/**
 * How a server process stops on SIGINT or SIGTERM: once, however many signals
 * arrive; `close` stops taking connections and lets requests in flight finish,
 * then the process exits 0, or 1 when closing fails. The platform's own server
 * and the storefront's production server both stop this way.
 */
export interface Shutdown {
  /** Stops the server: no new connections, requests in flight finish. */
  close(): Promise<void>
  /** Told which signal started the stop, for the log. */
  onStop(signal: NodeJS.Signals): void
  /** A close still running after this long ends the process with 1; unset, it may take as long as it takes. */
  forceExitAfterMs?: number
}

export function stopOnSignals({ close, onStop, forceExitAfterMs }: Shutdown): void {
  let stopping = false
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return
    stopping = true
    onStop(signal)
    if (forceExitAfterMs !== undefined) setTimeout(() => process.exit(1), forceExitAfterMs).unref()
    close().then(
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

/**
 * Keeps a long-running child process up: starts it, waits until it answers,
 * and restarts it when it dies (after 1 s, doubling to 30 s while it keeps
 * dying, back to 1 s once it has run for a minute). Each restart is reported.
 * A child that dies never takes the others or the supervisor with it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

export interface Supervised {
  readonly name: string
  /** The current child's process id (it changes on a restart). */
  readonly pid: number | undefined
  readonly restarts: number
  /** Resolves when the first start answers at readyUrl. */
  readonly ready: Promise<void>
  /** Stops for good: SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>
}

const STABLE_MS = 60_000

export function supervise(name: string, script: string, env: NodeJS.ProcessEnv, readyUrl: string): Supervised {
  let child: ChildProcess | undefined
  let restarts = 0
  let backoffMs = 1_000
  let stopping = false
  let timer: NodeJS.Timeout | undefined

  const start = (): void => {
    const startedAt = Date.now()
    // `node --import tsx` runs the TypeScript entry in one process, so its pid is the server's own.
    child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env })
    child.on('exit', (code, signal) => {
      if (stopping) return
      if (Date.now() - startedAt > STABLE_MS) backoffMs = 1_000
      restarts += 1
      console.error(`[supervisor] ${name} exited (${signal ?? `code ${code}`}); restart ${restarts} in ${backoffMs / 1000} s`)
      timer = setTimeout(start, backoffMs)
      backoffMs = Math.min(backoffMs * 2, 30_000)
    })
  }
  start()

  return {
    name,
    get pid() {
      return child?.pid
    },
    get restarts() {
      return restarts
    },
    ready: waitUntilUp(readyUrl),
    async stop() {
      stopping = true
      if (timer) clearTimeout(timer)
      const current = child
      if (!current || current.exitCode !== null || current.signalCode !== null) return
      const exited = once(current, 'exit')
      current.kill('SIGTERM')
      const force = setTimeout(() => current.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(force)
    },
  }
}

export async function waitUntilUp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

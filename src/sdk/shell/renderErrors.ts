/**
 * What the error boundary does with a render error (req PAGE-01): a chunk that
 * failed to load (a deploy replaced it) reloads the page, at most MAX_RELOADS
 * times within RELOAD_RESET_MS, counted in session storage so the count
 * survives the reloads; any other error is logged and the shopper is sent to
 * /404?from= (an error carrying status 404) or /500?from=&errorId=unknown.
 */
import { numbersRecord } from '../../wire/plain'
import type { Parsed } from '../../wire/schema'
import { MAX_RELOADS, RELOAD_RESET_MS } from '../../config/constants'
import { paths } from '../../config/paths'
import { errorReporter } from '../errors/report'
import { stored } from '../core/storage'

export const RELOADS_KEY = 'main::errorBoundary::reloads'

export interface ErrorEnvironment {
  /** The path (with query) the error happened on. */
  path: string
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  now: () => number
  reload: () => void
  redirect: (url: string) => void
  log: (message: string, error: unknown) => void
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return error.name === 'ChunkLoadError' || /loading (css )?chunk [\w-]+ failed/i.test(error.message)
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

// Read by hand, not by zod: a page whose chunks fail to load must still count its reloads (req PERF-01).
const Reloads = numbersRecord('count', 'since')
type Reloads = Parsed<typeof Reloads>

/** A missing, damaged or expired counter counts as none. */
function readReloads(storage: ErrorEnvironment['storage'], now: number): Reloads {
  const saved = stored(storage).read(RELOADS_KEY, Reloads)
  return saved && now - saved.since < RELOAD_RESET_MS ? saved : { count: 0, since: now }
}

export type ErrorOutcome = 'reload' | 'not-found' | 'server-error' | 'stay'

export function handleRenderError(error: unknown, env: ErrorEnvironment): ErrorOutcome {
  const now = env.now()
  if (isChunkLoadError(error)) {
    const reloads = readReloads(env.storage, now)
    if (reloads.count < MAX_RELOADS) {
      // Without storage the reload still happens; the limit then rests on the browser.
      stored(env.storage).write(RELOADS_KEY, { count: reloads.count + 1, since: reloads.since } satisfies Reloads)
      env.reload()
      return 'reload'
    }
  }
  env.log('render error', error)
  const pathname = env.path.split(/[?#]/)[0]
  // The error pages themselves failing must not send the shopper round in circles.
  if (pathname === '/404' || pathname === '/500') return 'stay'
  if (statusOf(error) === 404) {
    env.redirect(paths.notFound(env.path))
    return 'not-found'
  }
  env.redirect(paths.serverError(env.path))
  return 'server-error'
}

/** The browser's environment for handleRenderError. */
export function browserErrorEnvironment(): ErrorEnvironment {
  let storage: Storage | null = null
  try {
    storage = window.sessionStorage
  } catch {
    storage = null
  }
  return {
    path: window.location.pathname + window.location.search,
    storage,
    now: () => Date.now(),
    reload: () => window.location.reload(),
    // The report of the error leaves before the browser does (at most ERROR_REPORT_WAIT_MS later).
    redirect: (url) => void errorReporter.settle().then(() => window.location.replace(url)),
    log: (message, error) => {
      console.error(message, error)
      void errorReporter.report(error, 'render')
    },
  }
}

/**
 * Error reporting in the browser (req REPORT-01): render errors, uncaught errors and
 * unhandled rejections go to the error-reporting service with the page type,
 * sampled at 0.2 in the production environment, and nothing personal
 * (src/domain/errorReport.ts). Off when no GATSBY_SENTRY_DSN was built in.
 *
 * The SDK (@sentry/gatsby) is loaded on the first error, never before: a page
 * that works costs no byte of it. Its default integrations stay off (no
 * breadcrumbs of what the shopper did, no session tracking); the two global
 * listeners here are all it needs.
 */
import { ERROR_ENVIRONMENT, ERROR_REPORT_WAIT_MS } from '../../config/constants'
import { readEnv } from '../../config/env'
import { sampleRateOf, scrubReport } from '../../domain/errorReport'
import { currentPageType } from '../analytics/pageType'

type Sdk = typeof import('@sentry/gatsby')

export interface ReporterOptions {
  dsn: string | undefined
  sampleRate: number
  load: () => Promise<Sdk>
}

export function createReporter({ dsn, sampleRate, load }: ReporterOptions) {
  let sdk: Promise<Sdk | null> | null = null
  const pending = new Set<Promise<unknown>>()

  const ready = (): Promise<Sdk | null> =>
    (sdk ??= load().then(
      (Sentry) => {
        Sentry.init({
          dsn,
          environment: ERROR_ENVIRONMENT,
          sampleRate,
          defaultIntegrations: false,
          sendDefaultPii: false,
          beforeSend: (event) => scrubReport(event),
        })
        return Sentry
      },
      (error: unknown) => {
        console.error('error reporting could not load', error)
        return null
      },
    ))

  return {
    /** Sends `error` (tagged with where it happened and the page type); resolves once it is on its way. */
    report(error: unknown, where: string): Promise<void> {
      if (!dsn) return Promise.resolve()
      const sent = ready().then((Sentry) => {
        if (!Sentry) return
        Sentry.withScope((scope) => {
          scope.setTag('where', where)
          scope.setTag('pageType', currentPageType())
          Sentry.captureException(error)
        })
        return Sentry.flush(ERROR_REPORT_WAIT_MS)
      })
      const tracked = sent.catch(() => undefined).finally(() => pending.delete(tracked))
      pending.add(tracked)
      return tracked.then(() => undefined)
    },
    /** Resolves when every report under way has been sent, or after `ms`. */
    settle(ms = ERROR_REPORT_WAIT_MS): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
      return Promise.race([Promise.all([...pending]), waited]).then(() => clearTimeout(timer))
    },
  }
}

export const errorReporter = createReporter({
  dsn: readEnv('GATSBY_SENTRY_DSN'),
  sampleRate: sampleRateOf(readEnv('GATSBY_SENTRY_SAMPLE_RATE')),
  load: () => import(/* webpackChunkName: "error-reporting" */ '@sentry/gatsby'),
})

/** Listens for what no code caught; installed once, when the browser starts the app. */
export function reportUncaughtErrors(target: Pick<Window, 'addEventListener'> = window, reporter = errorReporter): void {
  target.addEventListener('error', (event) => void reporter.report((event as ErrorEvent).error ?? (event as ErrorEvent).message, 'window.onerror'))
  target.addEventListener('unhandledrejection', (event) => void reporter.report((event as PromiseRejectionEvent).reason, 'unhandledrejection'))
}

/**
 * Error reporting from the Functions (req REPORT-03): an unexpected failure or a
 * platform that failed (any 5xx) is sent to the error-reporting service with
 * the Function's path, sampled and scrubbed like the browser's reports
 * (src/domain/errorReport.ts). Off when neither SENTRY_DSN nor
 * GATSBY_SENTRY_DSN is set at run time.
 *
 * Built on @sentry/core's server client with a fetch transport, the part of
 * the SDK that @sentry/gatsby already brings; a Function bundles it, never the
 * browser.
 */
import { createStackParser, createTransport, nodeStackLineParser, Scope, ServerRuntimeClient, type BaseTransportOptions, type Transport } from '@sentry/core'
import { ERROR_ENVIRONMENT } from '../config/constants'
import { runtimeEnv } from '../commerce/runtimeEnv'
import { sampleRateOf, scrubReport } from '../domain/errorReport'

let client: ServerRuntimeClient | null | undefined

function fetchTransport(options: BaseTransportOptions): Transport {
  return createTransport(options, async (request) => {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), 5_000)
    const response = await fetch(options.url, { method: 'POST', body: request.body as BodyInit, headers: options.headers, signal: abort.signal }).finally(() => clearTimeout(timer))
    return {
      statusCode: response.status,
      headers: { 'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'), 'retry-after': response.headers.get('retry-after') },
    }
  })
}

function reporter(): ServerRuntimeClient | null {
  if (client !== undefined) return client
  const env = runtimeEnv()
  const dsn = env.SENTRY_DSN || env.GATSBY_SENTRY_DSN
  if (!dsn) return (client = null)
  client = new ServerRuntimeClient({
    dsn,
    environment: ERROR_ENVIRONMENT,
    sampleRate: sampleRateOf(env.SENTRY_SAMPLE_RATE ?? env.GATSBY_SENTRY_SAMPLE_RATE),
    sendDefaultPii: false,
    integrations: [],
    stackParser: createStackParser(nodeStackLineParser()),
    transport: fetchTransport,
    beforeSend: (event) => scrubReport(event),
    platform: 'node',
    runtime: { name: 'node', version: globalThis.process.version },
  })
  client.init()
  return client
}

/** Sends a Function's failure; `path` is the Function's address, without its query. */
export function reportFunctionError(error: unknown, path: string): void {
  const active = reporter()
  if (!active) return
  const scope = new Scope()
  scope.setTag('where', 'function')
  scope.setTag('function', path.split('?')[0] ?? '')
  active.captureException(error, undefined, scope)
}

/** Waits until reports under way are sent (tests; a server shutting down). */
export function flushReports(timeoutMs = 2_000): Promise<boolean> {
  return client ? Promise.resolve(client.flush(timeoutMs)) : Promise.resolve(true)
}

/** Closes and forgets the client, so the next report reads the environment again (tests). */
export async function resetReporter(): Promise<void> {
  const active = client
  client = undefined
  if (active) await active.close(1_000)
}

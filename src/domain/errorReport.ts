/**
 * What an error report may carry (req REPORT-01, REPORT-02). Reports
 * say what broke and where, never who: no user, no cookies or headers, no
 * query strings (a search term, an order form id or an email can sit there),
 * no request bodies, no breadcrumbs of what the shopper did.
 */
import { ERROR_SAMPLE_RATE } from '../config/constants'

/** The parts of a reporting event this module reads or removes (Sentry's event shape, loosely). */
export interface ReportEvent {
  user?: unknown
  request?: { url?: string; cookies?: unknown; headers?: unknown; data?: unknown; query_string?: unknown; env?: unknown }
  breadcrumbs?: unknown
  extra?: unknown
  tags?: Record<string, unknown>
  exception?: { values?: { value?: string }[] }
  message?: string
}

/** Addresses in free text (an error message quoting a request, say). */
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g

const withoutQuery = (url: string): string => url.split(/[?#]/)[0] ?? ''

/** The event with nothing personal left in it. */
export function scrubReport<E extends ReportEvent>(event: E): E {
  const clean: E = { ...event }
  delete clean.user
  delete clean.breadcrumbs
  delete clean.extra
  if (clean.request) clean.request = clean.request.url ? { url: withoutQuery(clean.request.url) } : {}
  if (clean.message) clean.message = clean.message.replace(EMAIL, '[email]')
  if (clean.exception?.values) {
    clean.exception = { ...clean.exception, values: clean.exception.values.map((v) => (v.value ? { ...v, value: v.value.replace(EMAIL, '[email]') } : v)) }
  }
  return clean
}

/** The configured sample rate: a number in [0, 1], else 0.2 (req CONST-13). */
export function sampleRateOf(raw: string | undefined): number {
  const rate = raw === undefined || raw.trim() === '' ? NaN : Number(raw)
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : ERROR_SAMPLE_RATE
}
